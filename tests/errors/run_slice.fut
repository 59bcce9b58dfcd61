-- A slice whose end precedes its start is out of bounds.
-- ==
-- input { [1, 2, 3, 4] 3i64 1i64 } error: run_slice\.fut:4:50: Error: Index \[3:1\] out of bounds for array of shape \[4\]
def main (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j]
