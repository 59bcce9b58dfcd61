-- transpose, rotate (left, right, larger than the length, per row with map2, on 2-D),
-- concat/++, flatten/unflatten round trips and a 90-degree rotation.
-- ==
-- entry: rot
-- input { 2i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [3i32, 4i32, 5i32, 1i32, 2i32] }
-- input { -1i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5i32, 1i32, 2i32, 3i32, 4i32] }
-- input { 7i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [3i32, 4i32, 5i32, 1i32, 2i32] }
-- input { 3i64 empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: tr
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] }

-- ==
-- entry: flat_unflat
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }

-- ==
-- entry: cat
-- input { [1i32, 2i32] [3i32] }
-- output { [1i32, 2i32, 3i32] [3i32, 1i32, 2i32] }
-- input { empty([0]i32) [3i32] }
-- output { [3i32] [3i32] }

-- ==
-- entry: rot_rows
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { [[1i32, 2i32, 3i32], [5i32, 6i32, 4i32], [9i32, 7i32, 8i32]] [[4i32, 5i32, 6i32], [7i32, 8i32, 9i32], [1i32, 2i32, 3i32]] }

-- ==
-- entry: rot90
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[3i32, 1i32], [4i32, 2i32]] }
-- input { [[1i32, 2i32, 3i32]] }
-- output { [[1i32], [2i32], [3i32]] }

-- ==
-- entry: swap_axes3
-- input { [[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]], [[7i32, 8i32, 9i32], [10i32, 11i32, 12i32]]] }
-- output { [[[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]], [[7i32, 10i32], [8i32, 11i32], [9i32, 12i32]]] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32] }

entry rot (r: i64) (xs: []i32) : []i32 = rotate r xs

entry tr [n][m] (a: [n][m]i32) : [m][n]i32 = transpose a

entry flat_unflat [n][m] (a: [n][m]i32) : ([]i32, [m][n]i32) =
  let f = flatten a
  in (f, unflatten (f :> [m * n]i32))

entry cat (xs: []i32) (ys: []i32) : ([]i32, []i32) = (xs ++ ys, concat ys xs)

entry rot_rows [n][m] (a: [n][m]i32) : ([n][m]i32, [n][m]i32) = (map2 rotate (iota n) a, rotate 1 a)

entry rot90 [n][m] (a: [n][m]i32) : [m][n]i32 = map reverse (transpose a)

entry swap_axes3 [n][m][k] (a: [n][m][k]i32) : ([n][k][m]i32, []i32) = (map transpose a, flatten_3d a)
