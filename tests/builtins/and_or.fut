-- and, or, all, any, with their values on empty arrays.
-- ==
-- entry: ao
-- input { [true, true] } output { true true }
-- input { [true, false] } output { false true }
-- input { [false, false] } output { false false }
-- input { empty([0]bool) } output { true false }
entry ao (bs: []bool) : (bool, bool) = (and bs, or bs)

-- ==
-- entry: aa
-- input { [2, 4, 6] } output { true false }
-- input { [2, 3, 6] } output { false true }
-- input { empty([0]i32) } output { true false }
entry aa (xs: []i32) : (bool, bool) = (all (\x -> x % 2 == 0) xs, any (\x -> x % 2 == 1) xs)
