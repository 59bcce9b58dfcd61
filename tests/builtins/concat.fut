-- concat and ++, with empty operands and on rows of 2-d arrays.
-- ==
-- entry: c1
-- input { [1, 2] [3, 4, 5] } output { [1, 2, 3, 4, 5] [1, 2, 3, 4, 5] }
-- input { empty([0]i32) [3] } output { [3] [3] }
-- input { [1] empty([0]i32) } output { [1] [1] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) empty([0]i32) }
entry c1 (xs: []i32) (ys: []i32) : ([]i32, []i32) = (concat xs ys, xs ++ ys)

-- ==
-- entry: c2
-- input { [[1, 2]] [[3, 4], [5, 6]] } output { [[1, 2], [3, 4], [5, 6]] }
entry c2 (xss: [][2]i32) (yss: [][2]i32) : [][2]i32 = xss ++ yss

-- ==
-- entry: c3
-- input { [1, 2] } output { [1, 2, 1, 2, 1, 2] }
entry c3 (xs: []i32) : []i32 = xs ++ xs ++ xs
