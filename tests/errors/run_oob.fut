-- Indexing past the end of an array is a run-time error at the indexing expression.
-- ==
-- input { [1, 2, 3] 5i64 } error: run_oob\.fut:5:43: Error: Index \[5\] out of bounds for array of shape \[3\]
-- input { [1, 2, 3] -1i64 } error: run_oob\.fut:5:43: Error: Index \[-1\] out of bounds
def main (xs: []i32) (i: i64) : i32 = 1 + xs[i]
