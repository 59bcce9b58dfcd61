-- Attributes on expressions and loops (#[unroll], #[sequential], #[incremental_flattening(...)])
-- must not change results.
-- ==
-- entry: weighted
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [30i32, 40i32, 26i32, 14i32, 5i32] }
-- input { [10i32] }
-- output { [10i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: seq_sum
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, -6i32]] }
-- output { [3i32, 7i32, -1i32] }

-- ==
-- entry: flat_sums
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, -6i32]] }
-- output { 9i32 }

entry weighted (xs: []i32) : []i32 =
  let n = length xs
  in map (\i -> #[unroll] loop acc = 0 for k < 4 do
                  if i + k < n then acc + xs[i + k] * i32.i64 (k + 1) else acc)
         (iota n)

entry seq_sum [n][m] (a: [n][m]i32) : [n]i32 =
  #[sequential] map (\row -> #[sequential] reduce (+) 0 row) a

entry flat_sums [n][m] (a: [n][m]i32) : i32 =
  #[incremental_flattening(only_intra)]
  i32.sum (map i32.sum a)
