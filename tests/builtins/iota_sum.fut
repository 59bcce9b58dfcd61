-- iota inside map: triangular numbers (irregular sizes reduced to scalars).
-- ==
-- input { [0i64, 1i64, 4i64, 10i64] } output { [0i64, 0i64, 6i64, 45i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
def main (ns: []i64) : []i64 = map (\n -> reduce (+) 0 (iota n)) ns
