-- reverse: 1-d, empty, single, outer dimension of 2-d; twice is the identity.
-- ==
-- entry: r1
-- input { [1, 2, 3] } output { [3, 2, 1] }
-- input { [1] } output { [1] }
-- input { empty([0]i32) } output { empty([0]i32) }
entry r1 (xs: []i32) : []i32 = reverse xs

-- ==
-- entry: r2
-- input { [[1, 2], [3, 4]] } output { [[3, 4], [1, 2]] [[1, 2], [3, 4]] }
entry r2 (xss: [][]i32) : ([][]i32, [][]i32) = (reverse xss, reverse (reverse xss))
