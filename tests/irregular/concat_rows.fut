-- Appending to each row of a jagged array.
-- ==
-- input { [2i64, 0i64] } output { [[0i64, 1i64, 2i64, 2i64], [0i64, 0i64]] }
def main (ns: []i64) : [][]i64 = map (\n -> iota n ++ [n, n]) ns
