-- Inclusive scans of rows of varying length.
-- ==
-- input { [4i64, 0i64, 2i64] } output { [[0i64, 1i64, 5i64, 14i64], empty([0]i64), [0i64, 1i64]] }
def main (ns: []i64) : [][]i64 = map (\n -> scan (+) 0 (map (\x -> x * x) (iota n))) ns
