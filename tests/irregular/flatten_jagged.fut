-- flatten of a jagged array concatenates its rows.
-- ==
-- input { [3i64, 0i64, 2i64, 4i64] } output { [0i64, 1i64, 2i64, 0i64, 1i64, 0i64, 1i64, 2i64, 3i64] }
def main (ns: []i64) : []i64 = flatten (map iota ns)
