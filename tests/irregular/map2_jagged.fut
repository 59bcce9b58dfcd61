-- map2 of jagged rows with a per-row scalar.
-- ==
-- input { [2i64, 1i64, 3i64] [10i64, 20i64, 30i64] } output { [[10i64, 11i64], [20i64], [30i64, 31i64, 32i64]] }
def main (ns: []i64) (ks: []i64) : [][]i64 = map2 (\r k -> map (+ k) r) (map iota ns) ks
