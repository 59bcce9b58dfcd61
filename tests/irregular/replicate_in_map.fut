-- replicate inside map with varying counts.
-- ==
-- input { [2i64, 0i64, 3i64] } output { [[2i32, 2i32], empty([0]i32), [3i32, 3i32, 3i32]] }
def main (ns: []i64) : [][]i32 = map (\n -> replicate n (i32.i64 n)) ns
