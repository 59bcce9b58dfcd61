-- head, last, tail, init; head of an empty array is an error.
-- ==
-- entry: hl
-- input { [4, 5, 6] } output { 4 6 }
-- input { [9] } output { 9 9 }
entry hl (xs: []i32) : (i32, i32) = (head xs, last xs)

-- ==
-- entry: ti
-- input { [4, 5, 6] } output { [5, 6] [4, 5] }
-- input { [9] } output { empty([0]i32) empty([0]i32) }
entry ti (xs: []i32) : ([]i32, []i32) = (tail xs, init xs)

-- ==
-- entry: rows
-- input { [[1, 2], [3, 4], [5, 6]] } output { [1, 2] [5, 6] [[3, 4], [5, 6]] }
entry rows (xss: [][]i32) : ([]i32, []i32, [][]i32) = (head xss, last xss, tail xss)

-- ==
-- entry: hempty
-- input { empty([0]i32) } error: .
entry hempty (xs: []i32) : i32 = head xs
