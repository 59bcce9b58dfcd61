-- scatter_2d and scatter_3d, with out-of-range indices ignored.
-- ==
-- entry: s2
-- input { [[0, 0, 0], [0, 0, 0]] [1i64, 0i64, 2i64, 0i64, -1i64] [2i64, 0i64, 0i64, 3i64, 1i64] [5, 6, 7, 8, 9] }
-- output { [[6, 0, 0], [0, 0, 5]] }
entry s2 (dest: *[][]i32) (is: []i64) (js: []i64) (vs: []i32) : [][]i32 = scatter_2d dest (zip is js) vs

-- ==
-- entry: s3
-- input { [1i64, 0i64, 1i64, 2i64] [1i64, 1i64, 0i64, 0i64] [0i64, 1i64, 2i64, 0i64] [1, 2, 3, 4] }
-- output { [[[0, 0], [0, 2]], [[0, 0], [1, 0]]] }
entry s3 (is: []i64) (js: []i64) (ks: []i64) (vs: []i32) : [][][]i32 =
  scatter_3d (replicate 2 (replicate 2 (replicate 2 0))) (zip3 is js ks) vs
