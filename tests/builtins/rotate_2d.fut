-- rotate on the outer dimension of a 2-d array, and of each row through map.
-- ==
-- entry: outer
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[3, 4], [5, 6], [1, 2]] }
entry outer (xss: [][]i32) : [][]i32 = rotate 1 xss

-- ==
-- entry: inner
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 1, 2], [6, 4, 5]] }
entry inner (xss: [][]i32) : [][]i32 = map (rotate (-1)) xss
