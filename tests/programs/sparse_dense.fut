-- Sparse (CSR) times dense matrix: nested map over rows and output columns, with a
-- reduction over each row's nonzeros; a second version accumulates rows of B in a loop.
-- ==
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1.0f32, 2.0f32, -1.5f32, 0.5f32, 4.0f32, 0.25f32] [[1.0f32, 2.0f32], [0.5f32, -1.0f32], [3.0f32, 0.0f32], [-2.0f32, 4.0f32]] }
-- output { [[7.0f32, 2.0f32], [-0.75f32, 1.5f32], [0.0f32, 0.0f32], [2.0f32, -2.0f32]] }
-- input { [0i64, 3i64] [0i64, 0i64, 2i64] [1.0f32, 1.0f32, 0.5f32] [[1.0f32, 1.0f32, 1.0f32], [2.0f32, 2.0f32, 2.0f32], [4.0f32, -4.0f32, 8.0f32]] }
-- output { [[4.0f32, 0.0f32, 6.0f32]] }

-- ==
-- entry: rowwise
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1.0f32, 2.0f32, -1.5f32, 0.5f32, 4.0f32, 0.25f32] [[1.0f32, 2.0f32], [0.5f32, -1.0f32], [3.0f32, 0.0f32], [-2.0f32, 4.0f32]] }
-- output { [[7.0f32, 2.0f32], [-0.75f32, 1.5f32], [0.0f32, 0.0f32], [2.0f32, -2.0f32]] }

def main [k][p] (row_ptr: []i64) (cols: []i64) (vals: []f32) (B: [k][p]f32) : [][p]f32 =
  map2 (\b e ->
         let cs = cols[b:e]
         let vs = vals[b:e]
         in map (\j -> f32.sum (map2 (\c v -> v * B[c, j]) cs vs)) (iota p))
       (init row_ptr) (tail row_ptr)

entry rowwise [k][p] (row_ptr: []i64) (cols: []i64) (vals: []f32) (B: [k][p]f32) : [][p]f32 =
  map2 (\b e ->
         loop acc = replicate p 0f32 for (c, v) in zip cols[b:e] vals[b:e] do
           map2 (+) acc (map (* v) B[c]))
       (init row_ptr) (tail row_ptr)
