-- Reductions of a 3-D array along each of its three axes: nested maps over rows, over
-- transposed planes, and a reduce whose operator adds whole matrices.
-- ==
-- entry: axis_sums
-- input { [[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]], [[7i32, 8i32, 9i32], [10i32, 11i32, 12i32]]] }
-- output { [[8i32, 10i32, 12i32], [14i32, 16i32, 18i32]] [[5i32, 7i32, 9i32], [17i32, 19i32, 21i32]] [[6i32, 15i32], [24i32, 33i32]] 78i32 }
-- input { empty([0][2][3]i32) }
-- output { [[0i32, 0i32, 0i32], [0i32, 0i32, 0i32]] empty([0][3]i32) empty([0][2]i32) 0i32 }

-- ==
-- entry: max_plane
-- input { [[[1i32, 2i32], [3i32, 4i32]], [[0i32, 9i32], [-1i32, 2i32]], [[5i32, 0i32], [0i32, 0i32]]] }
-- output { [1i64, 0i64] 0i64 }

entry axis_sums [n][m][k] (a: [n][m][k]i32) : ([m][k]i32, [n][k]i32, [n][m]i32, i32) =
  (reduce (map2 (map2 (+))) (replicate m (replicate k 0)) a,
   map (\p -> map i32.sum (transpose p)) a,
   map (map i32.sum) a,
   i32.sum (map (\p -> i32.sum (map i32.sum p)) a))

-- For each row index j: the plane whose row j has the largest sum; and the plane with
-- the largest total (first on ties).
entry max_plane [n][m][k] (a: [n][m][k]i32) : ([m]i64, i64) =
  let first_max (vs: []i32) : i64 =
    let (i, _) = reduce (\(i1, v1) (i2, v2) -> if v2 > v1 || (v2 == v1 && i2 < i1) then (i2, v2) else (i1, v1))
                        (-1, i32.lowest) (zip (indices vs) vs)
    in i
  let row_sums = map (map i32.sum) a
  in (map first_max (transpose row_sums), first_max (map i32.sum row_sums))
