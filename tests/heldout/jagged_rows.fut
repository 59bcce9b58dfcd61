-- Irregular results: iota/replicate per element, filters inside maps, flattening jagged
-- rows, and a two-level irregular nest reduced to one number per element.
-- ==
-- entry: squares_not3
-- input { [5i64, 0i64, 1i64, 7i64] }
-- output { [[1i64, 4i64, 16i64], empty([0]i64), empty([0]i64), [1i64, 4i64, 16i64, 25i64]] }
-- input { [0i64, 1i64] }
-- output { [empty([0]i64), empty([0]i64)] }
-- input { empty([0]i64) }
-- output { empty([0][0]i64) }

-- ==
-- entry: flat_evens
-- input { [3i64, 4i64, 0i64, 1i64] }
-- output { [0i64, 2i64, 0i64, 2i64, 0i64] 5i64 }
-- input { [0i64, 0i64] }
-- output { empty([0]i64) 0i64 }

-- ==
-- entry: repl
-- input { [2i32, 0i32, 3i32] }
-- output { [[2i32, 2i32], empty([0]i32), [3i32, 3i32, 3i32]] [2i64, 0i64, 3i64] }

-- ==
-- entry: two_level
-- input { [0i64, 1i64, 3i64, 4i64] }
-- output { [0i64, 0i64, 7i64, 25i64] }

-- ==
-- entry: row_lengths_after_filter
-- input { [[1i32, -2i32, 3i32], [-4i32, -5i32, -6i32], [7i32, 8i32, 9i32]] }
-- output { [2i64, 0i64, 3i64] [4i32, 0i32, 24i32] }

entry squares_not3 (ns: []i64) : [][]i64 =
  map (\n -> filter (\x -> x % 3 != 0) (map (\i -> i * i) (iota n))) ns

entry flat_evens (ns: []i64) : ([]i64, i64) =
  let j = map (\n -> filter (\x -> x % 2 == 0) (iota n)) ns
  let f = flatten j
  in (f, length f)

entry repl (xs: []i32) : ([][]i32, []i64) =
  let j = map (\x -> replicate (i64.i32 x) x) xs
  in (j, map length j)

entry two_level (ns: []i64) : []i64 =
  map (\n -> i64.sum (map (\i -> i64.sum (map (\j -> i * j) (iota (i + 1)))) (iota n))) ns

entry row_lengths_after_filter [n][m] (a: [n][m]i32) : ([n]i64, [n]i32) =
  let j = map (filter (> 0)) a
  in (map length j, map i32.sum j)
