-- unflatten, unflatten_3d, unflatten_4d, and round trips with flatten.
-- ==
-- entry: u2
-- input { 2i64 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { 3i64 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }
-- input { 0i64 5i64 empty([0]i32) } output { empty([0][5]i32) }
entry u2 (n: i64) (m: i64) (xs: []i32) : [][]i32 = unflatten n m xs

-- ==
-- entry: u3
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }
-- output { [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
entry u3 (xs: []i32) : [][][]i32 = unflatten_3d 2 3 2 xs

-- ==
-- entry: u4
-- input { [1, 2, 3, 4] } output { [[[[1, 2]]], [[[3, 4]]]] }
entry u4 (xs: []i32) : [][][][]i32 = unflatten_4d 2 1 1 2 xs

-- ==
-- entry: round
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 2, 3], [4, 5, 6]] [[1, 2], [3, 4], [5, 6]] }
entry round [n] [m] (xss: [n][m]i32) : ([][]i32, [][]i32) =
  (unflatten n m (flatten xss), unflatten m n (flatten xss))

-- ==
-- entry: round3
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] }
entry round3 [n] [m] [l] (x: [n][m][l]i32) : [][][]i32 = unflatten_3d n m l (flatten_3d x)
