-- Multi-dimensional indexing; no space before '['.
-- ==
-- input { [[1, 2], [3, 4]] 1i64 } output { 5 4 }
def main (xss: [][]i32) (i: i64) : (i32, i32) = (xss[i, 0] + xss[0][i], xss[i][i])
