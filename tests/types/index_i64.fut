-- Indices are i64; literal indices default accordingly, and i64 variables index directly.
-- ==
-- input { [[1, 2], [3, 4]] 1i64 } output { 3 2 }
def main (xss: [][]i32) (i: i64) : (i32, i32) = (xss[i, 0], xss[0][1])
