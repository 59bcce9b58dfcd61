-- unflatten, unflatten_3d, unflatten_4d, and round trips with flatten: the sizes are inferred
-- (Futhark's current unflatten) from a coercion, a size parameter or flatten's [n * m] result.
-- ==
-- entry: u2
-- input { 2i64 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { 3i64 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }
-- input { 0i64 5i64 empty([0]i32) } output { empty([0][5]i32) }
entry u2 (n: i64) (m: i64) (xs: []i32) : [][]i32 = unflatten (xs :> [n * m]i32)

-- ==
-- entry: u3
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }
-- output { [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
entry u3 (xs: []i32) : [][][]i32 = unflatten_3d (xs :> [2 * 3 * 2]i32)

-- ==
-- entry: u4
-- input { [1, 2, 3, 4] } output { [[[[1, 2]]], [[[3, 4]]]] }
entry u4 (xs: []i32) : [][][][]i32 = unflatten_4d (xs :> [2 * 1 * 1 * 2]i32)

-- ==
-- entry: round
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 2, 3], [4, 5, 6]] [[1, 2], [3, 4], [5, 6]] }
entry round [n] [m] (xss: [n][m]i32) : ([][]i32, [][]i32) =
  (unflatten (flatten xss), unflatten (flatten xss :> [m * n]i32))

-- ==
-- entry: round3
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] }
entry round3 [n] [m] [l] (x: [n][m][l]i32) : [][][]i32 = unflatten_3d (flatten_3d x)

-- ==
-- entry: from_type
-- input { 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { 3i64 [1, 2, 3, 4, 5, 6] } error: size mismatch
entry from_type (n: i64) (xs: []i32) : [n][3]i32 = unflatten (sized (n * 3) xs)

-- ==
-- entry: from_iota
-- input { 2i64 3i64 } output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
entry from_iota (n: i64) (m: i64) = unflatten (iota (n * m))
