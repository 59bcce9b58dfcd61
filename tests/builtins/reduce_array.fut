-- reduce and scan whose elements are arrays (vectorised operator).
-- ==
-- entry: colsum
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
entry colsum [n] [m] (xss: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) xss

-- ==
-- entry: colscan
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[1, 2], [4, 6], [9, 12]] }
entry colscan [n] [m] (xss: [n][m]i32) : [n][m]i32 = scan (map2 (+)) (replicate m 0) xss
