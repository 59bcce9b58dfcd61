-- scatter into destinations of different sizes; out-of-range writes are dropped.
-- ==
-- input { [0i64, 1i64, 3i64] } output { [empty([0]i32), [5i32], [5i32, 6i32, 0i32]] }
def main (ns: []i64) : [][]i32 = map (\n -> scatter (replicate n 0) [0, 1] [5, 6]) ns
