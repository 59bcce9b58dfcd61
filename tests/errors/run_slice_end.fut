-- A slice running past the end of the array is out of bounds.
-- ==
-- input { [1, 2, 3] } error: run_slice_end\.fut:4:53: Error: Index \[1:5\] out of bounds for array of shape \[3\]
def main (xs: []i32) : i32 = reduce (+) 0 (let ys = xs[1:5] in ys)
