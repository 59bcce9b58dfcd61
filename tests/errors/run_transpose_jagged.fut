-- transpose of a jagged array is a run-time error.
-- ==
-- input { [1i64, 2i64] } error: run_transpose_jagged\.fut:4:42: Error: transpose of an irregular array
def main (ns: []i64) : [][]i64 = let t = transpose (map iota ns) in t
