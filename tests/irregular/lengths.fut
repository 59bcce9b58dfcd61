-- The lengths of jagged rows.
-- ==
-- input { [3i64, 0i64, 7i64] } output { [3i64, 0i64, 7i64] }
def main (ns: []i64) : []i64 = map length (map (\n -> iota n) ns)
