-- A two-dimensional index reports both indices and the shape.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] 2i64 2i64 } error: run_oob_2d\.fut:4:57: Error: Index \[2, 2\] out of bounds for array of shape \[3\]\[2\]
def main (m: [][]i32) (i: i64) (j: i64) : i32 = let x = m[i, j] in x
