-- Builtins on irregular (jagged) arrays: map producing rows of different lengths, then
-- length, reduce, flatten, filter and concat on them.
-- ==
-- entry: lens
-- input { [3i64, 0i64, 2i64] } output { [3i64, 0i64, 2i64] [3i64, 0i64, 1i64] }
entry lens (ns: []i64) : ([]i64, []i64) =
  let xss = map (\n -> iota n) ns
  in (map length xss, map (\xs -> reduce (+) 0 xs) xss)

-- ==
-- entry: flat
-- input { [3i64, 0i64, 2i64] } output { [0i64, 1i64, 2i64, 0i64, 1i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
entry flat (ns: []i64) : []i64 = flatten (map (\n -> iota n) ns)

-- ==
-- entry: evens
-- input { [5i64, 1i64, 4i64] } output { [3i64, 1i64, 2i64] }
entry evens (ns: []i64) : []i64 = map (\n -> length (filter (\x -> x % 2 == 0) (iota n))) ns

-- ==
-- entry: cat
-- input { [1i64, 3i64] } output { [2i64, 4i64] }
entry cat (ns: []i64) : []i64 = map (\n -> length (iota n ++ replicate 1 n)) ns
