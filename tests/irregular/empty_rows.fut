-- Rows that become empty after filtering.
-- ==
-- input { [5i64, 12i64, 11i64] } output { [empty([0]i64), [11i64], empty([0]i64)] }
def main (ns: []i64) : [][]i64 = map (\n -> filter (\x -> x > 10) (iota n)) ns
