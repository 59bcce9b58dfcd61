-- Histograms with a different number of bins per element.
-- ==
-- input { [1i64, 3i64, 4i64] } output { [[10i32], [4i32, 3i32, 3i32], [3i32, 3i32, 2i32, 2i32]] }
def main (ks: []i64) : [][]i32 = map (\k -> hist (+) 0 k (map (% k) (iota 10)) (replicate 10 1)) ks
