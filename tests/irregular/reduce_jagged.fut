-- Sums over jagged intermediate rows give a regular result.
-- ==
-- input { [0i64, 1i64, 5i64, 10i64] } output { [0i64, 0i64, 10i64, 45i64] }
def main (ns: []i64) : []i64 = map (\n -> reduce (+) 0 (iota n)) ns
