-- unflatten into a negative number of rows (n * m is still the length) fails in Futhark's
-- words, with the shapes of the array and of the result, inner dimensions included.
-- ==
-- input { 2i64 3i64 } output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
-- input { -2i64 -3i64 }
-- error: run_unflatten_negative\.fut:15:32: Error: Cannot unflatten array of shape \[6\] to array of shape \[-2\]\[-3\]
-- input { -3i64 -2i64 }
-- error: Cannot unflatten array of shape \[6\] to array of shape \[-3\]\[-2\]

-- ==
-- entry: rows
-- input { 1i64 2i64 } output { [[[7i32, 8i32], [7i32, 8i32]]] }
-- input { -1i64 -2i64 } error: Cannot unflatten array of shape \[2\]\[2\] to array of shape \[-1\]\[-2\]\[2\]

entry main (n: i64) (m: i64) = unflatten (iota (n * m))

entry rows (n: i64) (m: i64) = unflatten (replicate (n * m) [7i32, 8])
