-- CSR sparse matrix-vector product written as nested parallelism: a map over rows,
-- each reducing its own (differently sized) slice of the column/value arrays.
-- ==
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1.0f32, 2.0f32, -1.5f32, 0.5f32, 4.0f32, 0.25f32] [2.0f32, 1.0f32, -1.0f32, 4.0f32] }
-- output { [0.0f32, -1.5f32, 0.0f32, 6.0f32] }
-- input { [0i64, 1i64, 2i64, 3i64] [2i64, 1i64, 0i64] [1.0f32, 1.0f32, 1.0f32] [7.0f32, 8.0f32, 9.0f32] }
-- output { [9.0f32, 8.0f32, 7.0f32] }
-- input { [0i64] empty([0]i64) empty([0]f32) [1.0f32, 2.0f32] }
-- output { empty([0]f32) }

-- ==
-- entry: via_jagged
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1.0f32, 2.0f32, -1.5f32, 0.5f32, 4.0f32, 0.25f32] [2.0f32, 1.0f32, -1.0f32, 4.0f32] }
-- output { [0.0f32, -1.5f32, 0.0f32, 6.0f32] }
-- input { [0i64, 1i64, 2i64, 3i64] [2i64, 1i64, 0i64] [1.0f32, 1.0f32, 1.0f32] [7.0f32, 8.0f32, 9.0f32] }
-- output { [9.0f32, 8.0f32, 7.0f32] }

-- ==
-- entry: row_nnz
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] }
-- output { [2i64, 1i64, 0i64, 3i64] }

def main [nnz] (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: []f32) : []f32 =
  map2 (\b e -> let cs = cols[b:e]
                let vs = vals[b:e]
                in f32.sum (map2 (\c v -> v * x[c]) cs vs))
       (init row_ptr) (tail row_ptr)

-- Materialise the jagged matrix first, then reduce each row.
entry via_jagged (row_ptr: []i64) (cols: []i64) (vals: []f32) (x: []f32) : []f32 =
  let rows = map2 (\b e -> zip cols[b:e] vals[b:e]) (init row_ptr) (tail row_ptr)
  in map (\row -> reduce (+) 0 (map (\(c, v) -> v * x[c]) row)) rows

entry row_nnz (row_ptr: []i64) : []i64 =
  map2 (-) (tail row_ptr) (init row_ptr)
