-- Two jagged results of different element types.
-- ==
-- input { [2i64, 1i64] } output { [[0i64, 1i64], [0i64]] [[true, true], [false]] }
def main (ns: []i64) : ([][]i64, [][]bool) = (map iota ns, map (\n -> replicate n (n % 2 == 0)) ns)
