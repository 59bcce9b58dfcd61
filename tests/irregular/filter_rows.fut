-- Filtering the rows of a jagged array by their length.
-- ==
-- input { [1i64, 3i64, 0i64, 2i64] } output { [[0i64, 1i64, 2i64], [0i64, 1i64]] }
def main (ns: []i64) : [][]i64 = filter (\r -> length r > 1) (map iota ns)
