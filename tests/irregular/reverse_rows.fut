-- Reversing every row of a jagged array.
-- ==
-- input { [3i64, 1i64, 0i64] } output { [[2i64, 1i64, 0i64], [0i64], empty([0]i64)] }
def main (ns: []i64) : [][]i64 = map reverse (map iota ns)
