-- scatter with index and value arrays of different lengths is a size mismatch.
-- ==
-- input { [0i64, 1i64] [5, 6, 7] } error: run_scatter_mismatch\.fut:5:3: Error: size mismatch
def main (is: []i64) (vs: []i32) : []i32 =
  scatter (replicate 4 0) is vs
