-- map2 over arrays of different lengths is a size mismatch, reported at the call of map2.
-- ==
-- input { [1, 2, 3] [1, 2] } error: run_map2_mismatch\.fut:5:3: Error: size mismatch
def main (xs: []i32) (ys: []i32) : []i32 =
  map2 (+) xs ys
