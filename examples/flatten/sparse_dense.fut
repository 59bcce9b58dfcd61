-- Sparse (CSR) times dense matrix product, in nested form (seed 004's sparse-dense demo).
--
-- C = A B with A an n x k CSR matrix and B a dense k x p matrix.  Three levels of
-- parallelism: a map over A's rows, a map over B's columns, and for each (row, column)
-- a map-reduce over that row's nonzeros.  The innermost level is irregular (rows have
-- different numbers of nonzeros, some none); the middle one is regular (p columns) and
-- invariant to the innermost: a flattening compiler can interchange them or keep the
-- row's nonzeros in fast memory while it sweeps the columns.
--
-- main row_ptr cols vals B      C = A B, the column-by-column form (reduce innermost)
-- by_rows row_ptr cols vals B   the same product as a sum of scaled rows of B: per A-row
--                               a sequential loop over its nonzeros, each step a map
--                               over the p columns (the loop-in-map form)
-- (The 0-row cases are `compiled` only: the interpreter currently gives a map over no
-- rows the shape [0][0] and then rejects it against the result type [][p] -- a known
-- interpreter bug; the compiled backends return [0][p] as Futhark does.)
-- ==
-- compiled input { [0i64] empty([0]i64) empty([0]f32) [[1f32, 2f32], [3f32, 4f32]] }
-- output { empty([0][2]f32) }
-- input { [0i64, 0i64, 0i64] empty([0]i64) empty([0]f32) [[1f32, 2f32, 3f32]] }
-- output { [[0f32, 0f32, 0f32], [0f32, 0f32, 0f32]] }
-- input { [0i64, 1i64] [0i64] [-2f32] [[1.5f32, -3f32]] }
-- output { [[-3f32, 6f32]] }
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1f32, 2f32, -1.5f32, 0.5f32, 4f32, 0.25f32] [[1f32, 2f32], [0.5f32, -1f32], [3f32, 0f32], [-2f32, 4f32]] }
-- output { [[7f32, 2f32], [-0.75f32, 1.5f32], [0f32, 0f32], [2f32, -2f32]] }
-- input { [0i64, 3i64, 3i64] [0i64, 0i64, 2i64] [1f32, 1f32, 0.5f32] [[1f32, 1f32, 1f32], [2f32, 2f32, 2f32], [4f32, -4f32, 8f32]] }
-- output { [[4f32, 0f32, 6f32], [0f32, 0f32, 0f32]] }
-- input { [0i64, 1i64, 3i64] [1i64, 0i64, 1i64] [2f32, 1f32, 1f32] [[1f32], [3f32]] }
-- output { [[6f32], [4f32]] }
-- input @ data/sparse_dense-200x300x8.in
-- output @ data/sparse_dense-200x300x8.out
-- input @ data/sparse_dense-powerlaw3000.in
-- output @ data/sparse_dense-powerlaw3000.out

-- ==
-- entry: by_rows
-- compiled input { [0i64] empty([0]i64) empty([0]f32) [[1f32, 2f32], [3f32, 4f32]] }
-- output { empty([0][2]f32) }
-- input { [0i64, 2i64, 3i64, 3i64, 6i64] [0i64, 2i64, 1i64, 0i64, 1i64, 3i64] [1f32, 2f32, -1.5f32, 0.5f32, 4f32, 0.25f32] [[1f32, 2f32], [0.5f32, -1f32], [3f32, 0f32], [-2f32, 4f32]] }
-- output { [[7f32, 2f32], [-0.75f32, 1.5f32], [0f32, 0f32], [2f32, -2f32]] }
-- input @ data/sparse_dense-200x300x8.in
-- output @ data/sparse_dense-200x300x8.out

-- The rows of a CSR matrix as a jagged array of (column, value) pairs.
def csr_rows [nnz] (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) : [][](i64, f32) =
  map2 (\b e -> zip cols[b:e] vals[b:e]) (init row_ptr) (tail row_ptr)

def main [nnz][k][p] (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) (B: [k][p]f32) : [][p]f32 =
  map (\row -> map (\j -> reduce (+) 0 (map (\(c, v) -> v * B[c, j]) row)) (iota p))
      (csr_rows row_ptr cols vals)

entry by_rows [nnz][k][p] (row_ptr: []i64) (cols: [nnz]i64) (vals: [nnz]f32) (B: [k][p]f32) : [][p]f32 =
  map (\row -> loop acc = replicate p 0f32 for (c, v) in row do
                 map2 (\a b -> a + v * b) acc B[c])
      (csr_rows row_ptr cols vals)
