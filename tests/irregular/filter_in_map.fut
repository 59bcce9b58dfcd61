-- filter inside map keeps a different number of elements per row.
-- ==
-- input { [[1, -2, 3], [-4, -5, -6], [7, 8, -9]] } output { [[1i32, 3i32], empty([0]i32), [7i32, 8i32]] }
def main (m: [][]i32) : [][]i32 = map (\r -> filter (> 0) r) m
