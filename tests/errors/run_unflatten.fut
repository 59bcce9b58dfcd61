-- unflatten n m of an array whose length is not n*m is a run-time error.
-- ==
-- input { 2i64 3i64 [1, 2, 3, 4, 5] } error: run_unflatten\.fut:4:58: error: unflatten
def main (n: i64) (m: i64) (xs: []i32) : [][]i32 = copy (unflatten n m xs)
