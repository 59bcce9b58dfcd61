-- reduce with (+), (*), max; empty input gives the neutral element.
-- ==
-- entry: sum
-- input { [1, 2, 3, 4] } output { 10 }
-- input { [7] } output { 7 }
-- input { empty([0]i32) } output { 0 }
entry sum (xs: []i32) : i32 = reduce (+) 0 xs

-- ==
-- entry: prod
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] } output { 120i64 }
-- input { empty([0]i64) } output { 1i64 }
entry prod (xs: []i64) : i64 = reduce (*) 1 xs

-- ==
-- entry: max
-- input { [3, -1, 8, 2] } output { 8 }
-- input { empty([0]i32) } output { -2147483648 }
entry max (xs: []i32) : i32 = reduce i32.max i32.lowest xs
