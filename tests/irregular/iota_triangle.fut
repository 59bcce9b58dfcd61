-- The rows of a triangle: map iota (iota n).
-- ==
-- input { 5i64 } output { [empty([0]i64), [0i64], [0i64, 1i64], [0i64, 1i64, 2i64], [0i64, 1i64, 2i64, 3i64]] }
def main (n: i64) : [][]i64 = map iota (iota n)
