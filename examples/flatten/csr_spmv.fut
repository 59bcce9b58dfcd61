-- Sparse matrix-vector product, CSR format, in nested form (seed 004's CSR demo).
--
-- A CSR matrix is a jagged array: row i holds its nonzeros (column, value) in
-- cols/vals[row_ptr[i] : row_ptr[i+1]].  The product is the natural nested program: a
-- map over the rows whose body is a map-reduce over that row's nonzeros, gathering x at
-- their columns.  Rows have different lengths (and may be empty), so the inner reduce
-- is irregular: flattened, it is a segmented reduction over all nonzeros (the seed's
-- "flat" kernel); run as is, it is the "outer" kernel, one row per thread.
--
-- main row_ptr cols vals x        y = A x   (row_ptr has one more entry than A has rows)
-- powers k row_ptr cols vals x    A^k x for a square A: a loop around the nested map
-- ==
-- input { [0i64] empty([0]i64) empty([0]f32) [1f32, 2f32] }
-- output { empty([0]f32) }
-- input { [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) [1f32, 2f32, 3f32] }
-- output { [0f32, 0f32] }
-- input { [0i64, 1i64] [0i64] [2.5f32] [-2f32] }
-- output { [-5f32] }
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1f32, 2f32, -1.5f32, 0.5f32, 4f32, 0.25f32] [2f32, 1f32, -1f32, 4f32] }
-- output { [0f32, -1.5f32, 0f32, 6f32] }
-- input { [0i64, 0i64, 4i64, 4i64, 5i64, 5i64] [4i64, 0i64, 2i64, 4i64, 1i64] [1f32, 1f32, 1f32, 3f32, -2f32] [1f32, 2f32, 3f32, 4f32, 5f32, 6f32] }
-- output { [0f32, 24f32, 0f32, -4f32, 0f32] }
-- input @ data/csr_spmv-600x500.in
-- output @ data/csr_spmv-600x500.out
-- input @ data/csr_spmv-powerlaw8000.in
-- output @ data/csr_spmv-powerlaw8000.out

-- ==
-- entry: powers
-- input { 0i64 [0i64, 1i64, 2i64] [1i64, 0i64] [1f32, 1f32] [3f32, 5f32] }
-- output { [3f32, 5f32] }
-- input { 3i64 [0i64, 2i64, 3i64, 3i64] [0i64, 1i64, 2i64] [1f32, 2f32, -1f32] [1f32, 1f32, 1f32] }
-- output { [1f32, 0f32, 0f32] }
-- input { 5i64 [0i64, 1i64, 2i64] [1i64, 0i64] [2f32, 0.5f32] [3f32, 5f32] }
-- output { [10f32, 1.5f32] }

-- The rows of a CSR matrix as a jagged array of (column, value) pairs.
def csr_rows [nnz] (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) : [][](i64, f32) =
  map2 (\b e -> zip cols[b:e] vals[b:e]) (init row_ptr) (tail row_ptr)

-- y[i] = sum over the nonzeros (c, v) of row i of v * x[c].
def spmv (rows: [][](i64, f32)) (x: []f32) : []f32 =
  map (\row -> reduce (+) 0 (map (\(c, v) -> v * x[c]) row)) rows

def main [nnz] (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: []f32) : []f32 =
  spmv (csr_rows row_ptr cols vals) x

entry powers [nnz] (k: i64) (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) (x: []f32) : []f32 =
  let rows = csr_rows row_ptr cols vals
  in loop y = x for _i < k do spmv rows y
