-- length: the outer size only; null.
-- ==
-- entry: len1
-- input { [1, 2, 3] } output { 3i64 }
-- input { empty([0]i32) } output { 0i64 }
entry len1 (xs: []i32) : i64 = length xs

-- ==
-- entry: len2
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 }
-- input { empty([0][4]i32) } output { 0i64 4i64 }
entry len2 [n] [m] (xss: [n][m]i32) : (i64, i64) = (length xss, m)

-- ==
-- entry: isnull
-- input { [1] } output { false }
-- input { empty([0]i32) } output { true }
entry isnull (xs: []i32) : bool = null xs
