-- Bounds checks done once before a map's loop (range.c fr_hoist_checks): an index that is the
-- same in every iteration, into an array from outside or into the rows of an input, at the
-- start of the lambda.  The check runs only when the map has iterations, reports what the
-- first iteration would, and is not hoisted past a statement that may fail first.

-- ==
-- entry: row_index
-- input { [1, 2, 3] [[10, 20], [30, 40], [50, 60]] 1i64 }
-- output { [21, 42, 63] }
-- input { [1, 2, 3] [[10, 20], [30, 40], [50, 60]] 2i64 }
-- error: Index \[2\] out of bounds for array of shape \[2\]
-- input { empty([0]i32) empty([0][2]i32) 7i64 }
-- output { empty([0]i32) }
entry row_index [n] (xs: [n]i32) (rows: [n][2]i32) (k: i64) =
  map2 (\x r -> x + r[k]) xs rows

-- ==
-- entry: outer_index
-- input { [1, 2, 3] [[10, 20], [30, 40]] 1i64 0i64 }
-- output { [31, 32, 33] }
-- input { [1, 2, 3] [[10, 20], [30, 40]] 0i64 2i64 }
-- error: Index \[0, 2\] out of bounds for array of shape \[2\]\[2\]
-- input { empty([0]i32) [[10, 20], [30, 40]] 5i64 5i64 }
-- output { empty([0]i32) }
entry outer_index [m] [p] (xs: []i32) (a: [m][p]i32) (i: i64) (j: i64) =
  map (\x -> let k = i + 0 in x + a[k, j]) xs

-- A division before the index may fail first: its error, not the index's.

-- ==
-- entry: fails_first
-- input { [0, 0] [5, 6] 9i64 }
-- error: division by zero
-- input { [1, 2] [5, 6] 1i64 }
-- output { [16, 11] }
entry fails_first [m] (xs: []i32) (a: [m]i32) (k: i64) =
  map (\x -> let q = 10 / x in q + a[k]) xs
