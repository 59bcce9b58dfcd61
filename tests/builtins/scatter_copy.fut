-- scatter into a fresh array (replicate) and into a copy; spread.
-- ==
-- entry: perm
-- input { [2i64, 0i64, 1i64] [10, 20, 30] } output { [20, 30, 10] }
entry perm (is: []i64) (vs: []i32) : []i32 = scatter (replicate (length vs) 0) is vs

-- ==
-- entry: keep
-- input { [1, 2, 3] } output { [1, 2, 3] [1, -2, 3] }
entry keep (xs: []i32) : ([]i32, []i32) = (xs, scatter (copy xs) [1] [-2])

-- ==
-- entry: spr
-- input { 5i64 [3i64, -1i64, 1i64] [4, 5, 6] } output { [9, 6, 9, 4, 9] }
-- input { 0i64 empty([0]i64) empty([0]i32) } output { empty([0]i32) }
entry spr (k: i64) (is: []i64) (vs: []i32) : []i32 = spread k 9 is vs
