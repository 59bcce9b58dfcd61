-- unflatten of an array whose length is not n*m is a run-time error (here the size coercion
-- that gives it its [n * m] type).
-- ==
-- input { 2i64 3i64 [1, 2, 3, 4, 5] } error: run_unflatten\.fut:5:69: Error: size mismatch
def main (n: i64) (m: i64) (xs: []i32) : [][]i32 = copy (unflatten (xs :> [n * m]i32))
