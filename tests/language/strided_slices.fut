-- Slices follow Futhark's rule: every index a slice takes is in range, its bounds are in the
-- stride's order, and an empty slice is always valid.  a[7:9:2] of 8 elements is [a[7]].
-- ==
-- entry: stride2
-- input { [0, 1, 2, 3, 4, 5, 6, 7] } output { [7] [0, 3, 6] [7, 4, 1] }

-- ==
-- entry: empty
-- input { [1, 2, 3] } output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: backwards
-- input { [1, 2, 3] 1i64 0i64 } error: Index \[1:0\] out of bounds for array of shape \[3\]\.
-- input { [1, 2, 3] 1i64 4i64 } error: Index \[1:4\] out of bounds for array of shape \[3\]\.
-- input { [1, 2, 3] 0i64 3i64 } output { [1, 2, 3] }

entry stride2 (xs: []i32) = (xs[7:9:2], xs[0:7:3], xs[7::-3])
entry empty (xs: []i32) = (xs[5:5], xs[2:2:-1])
entry backwards (xs: []i32) (i: i64) (j: i64) = xs[i:j]
