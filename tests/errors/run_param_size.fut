-- A size parameter bound to two different lengths in one call is a size mismatch.
-- ==
-- input { [1, 2, 3] [4, 5] } error: run_param_size\.fut:5:46: Error: size mismatch: size n is 2 here, but 3 elsewhere
def dot [n] (xs: [n]i32) (ys: [n]i32) : i32 = reduce (+) 0 (map2 (*) xs ys)
def main (xs: []i32) (ys: []i32) : i32 = 0 + dot xs ys
