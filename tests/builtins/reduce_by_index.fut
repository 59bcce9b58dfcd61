-- reduce_by_index starts from dest; out-of-range indices are ignored.
-- ==
-- entry: add
-- input { [10, 20, 30] [0i64, 2i64, 2i64, 5i64, -1i64] [1, 2, 3, 4, 5] } output { [11, 20, 35] }
-- input { [10, 20, 30] empty([0]i64) empty([0]i32) } output { [10, 20, 30] }
entry add (dest: *[]i32) (is: []i64) (vs: []i32) : []i32 = reduce_by_index dest (+) 0 is vs

-- ==
-- entry: min
-- input { [5, 5, 5] [1i64, 1i64, 0i64] [7, 3, 6] } output { [5, 3, 5] }
entry min (dest: *[]i32) (is: []i64) (vs: []i32) : []i32 =
  reduce_by_index dest i32.min i32.highest is vs

-- ==
-- entry: add2d
-- input { [[1, 1], [1, 1]] [0i64, 1i64, 1i64, 0i64, 2i64] [1i64, 0i64, 0i64, 2i64, 0i64] [10, 20, 30, 40, 50] }
-- output { [[1, 11], [51, 1]] }
entry add2d (dest: *[][]i32) (is: []i64) (js: []i64) (vs: []i32) : [][]i32 =
  reduce_by_index_2d dest (+) 0 (zip is js) vs

-- ==
-- entry: add3d
-- input { [0i64, 1i64, 0i64, 0i64] [1i64, 0i64, 1i64, 0i64] [0i64, 1i64, 0i64, 2i64] [1, 2, 3, 4] }
-- output { [[[0, 0], [4, 0]], [[0, 2], [0, 0]]] }
entry add3d (is: []i64) (js: []i64) (ks: []i64) (vs: []i32) : [][][]i32 =
  reduce_by_index_3d (replicate 2 (replicate 2 (replicate 2 0))) (+) 0 (zip3 is js ks) vs
