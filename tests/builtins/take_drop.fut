-- take, drop, split at the ends and in the middle (split's sizes are inferred from its argument's [n + m]).
-- ==
-- entry: tk
-- input { 2i64 [1, 2, 3, 4] } output { [1, 2] }
-- input { 0i64 [1, 2, 3, 4] } output { empty([0]i32) }
-- input { 4i64 [1, 2, 3, 4] } output { [1, 2, 3, 4] }
entry tk (i: i64) (xs: []i32) : []i32 = take i xs

-- ==
-- entry: dr
-- input { 1i64 [1, 2, 3, 4] } output { [2, 3, 4] }
-- input { 4i64 [1, 2, 3, 4] } output { empty([0]i32) }
-- input { 0i64 empty([0]i32) } output { empty([0]i32) }
entry dr (i: i64) (xs: []i32) : []i32 = drop i xs

-- ==
-- entry: sp
-- input { 1i64 [1, 2, 3] } output { [1] [2, 3] }
-- input { 0i64 [1, 2, 3] } output { empty([0]i32) [1, 2, 3] }
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] empty([0]i32) }
entry sp (i: i64) (xs: []i32) : ([]i32, []i32) = split (xs :> [i + (length xs - i)]i32)

-- ==
-- entry: oob
-- input { 5i64 [1, 2, 3] } error: .
entry oob (i: i64) (xs: []i32) : []i32 = take i xs
