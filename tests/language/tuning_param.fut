-- #[param(NAME)] e is a tuning parameter whose default is e; tuning_param.fut.tuning (read by
-- `weft test`, as by `futhark test`) sets foo, width, small and depth.  Test blocks may name
-- backends weft does not have (no_python, no_wasm, no_ispc): those words are ignored.  On the
-- compiled backends a parameter is read once at the top of the function that uses it
-- (src/core/internalise.c) and reaches parallel regions and GPU kernels as a value from
-- outside; the expected outputs follow from the tuning file by hand.
-- ==
-- entry: foo
-- no_python no_wasm input { 2i64 } output { 3i64 }

-- ==
-- entry: bar
-- no_ispc input { 2i64 } output { 4i64 }

entry foo (x: i64) = #[param(foo)] x + 2
entry bar (x: i64) = #[param(bar)] x + 2

-- a parameter inside a map (width = 3 from the file), read twice, and one of type i32 (small =
-- -5: negative values are integers too); unset, baz keeps its own value
-- ==
-- entry: in_map
-- input { [1i64, 2i64, 3i64] } output { [4i64, 5i64, 6i64] [-4i32, -3i32, -2i32] [11i64, 12i64, 13i64] }

entry in_map (xs: []i64) : ([]i64, []i32, []i64) =
  let a = map (\x -> x + #[param(width)] 100) xs
  let b = map (\x -> i32.i64 x + #[param(small)] 7i32) xs
  let c = map (\x -> x + #[param(baz)] 10 + (#[param(width)] 100) * 0) xs
  in (a, b, c)

-- in a recursive function (depth = 4 from the file: the recursion stops there), called once
-- and in a map (on weft cuda, from a kernel: the value is passed in, read on the host)
-- ==
-- entry: recursive
-- input { 0i64 } output { 4i64 }
-- input { 9i64 } output { 9i64 }

-- ==
-- entry: recursive_map
-- input { [0i64, 9i64, 2i64] } output { [4i64, 9i64, 4i64] }

def count (n: i64) : i64 = if n >= #[param(depth)] 100 then n else count (n + 1)

entry recursive (n: i64) = count n
entry recursive_map (ns: []i64) = map count ns
