-- iota inside map with a different size per element gives a jagged array.
-- ==
-- input { [0i64, 3i64, 1i64, 4i64] } output { [empty([0]i64), [0i64, 1i64, 2i64], [0i64], [0i64, 1i64, 2i64, 3i64]] }
-- input { empty([0]i64) } output { empty([0][0]i64) }
def main (ns: []i64) : [][]i64 = map (\n -> iota n) ns
