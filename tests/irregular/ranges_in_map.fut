-- Ranges whose bounds depend on the element.
-- ==
-- input { [1i64, 3i64, 0i64] } output { [[1i64], [3i64, 4i64, 5i64], empty([0]i64)] }
def main (ns: []i64) : [][]i64 = map (\n -> n..<(2 * n)) ns
