-- The compiled backends leave out the bounds checks of indices known to be in range (a loop
-- index against the extent bounding it, shifted by constants; a constant inside a loop over
-- that extent); the checks of the indices just outside stay.
-- ==
-- entry: shifted
-- input { [1, 2, 3, 4] 1i64 } output { 18 }
-- input { [1, 2, 3, 4] 2i64 } error: run_oob_ranges\.fut:32:[0-9]+: Error: Index \[4\] out of bounds for array of shape \[4\]

-- ==
-- entry: one_past
-- input { [1, 2, 3, 4] } error: run_oob_ranges\.fut:35:[0-9]+: Error: Index \[4\] out of bounds for array of shape \[4\]

-- ==
-- entry: reversed
-- input { [1, 2, 3, 4] } output { [4, 3, 2, 1] }

-- ==
-- entry: reversed_past
-- input { [1, 2, 3, 4] } error: run_oob_ranges\.fut:41:[0-9]+: Error: Index \[4\] out of bounds for array of shape \[4\]

-- ==
-- entry: first_in_map
-- input { [5, 6, 7] } output { [5, 6, 7] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: second_in_map
-- input { [5, 6] } output { [6, 7] }
-- input { [5] } error: run_oob_ranges\.fut:47:[0-9]+: Error: Index \[1\] out of bounds for array of shape \[1\]

-- i + 1 < n: in range; i + k reaches n for k = 2
entry shifted [n] (a: [n]i32) (k: i64) : i32 = loop s = 0 for i < n - 1 do s + a[i + 1] + a[i + k]

-- i + 1 < n + 1 only
entry one_past [n] (a: [n]i32) : i32 = loop s = 0 for i < n do s + a[i + 1]

-- 3 - i for i < 4 lies in [0, 4)
entry reversed (a: [4]i32) : [4]i32 = map (\i -> a[3 - i]) (iota 4)

-- 4 - i for i < 4 reaches 4
entry reversed_past (a: [4]i32) : [4]i32 = map (\i -> a[4 - i]) (iota 4)

-- a[0] inside a map over iota n: n >= 1 there
entry first_in_map [n] (a: [n]i32) : [n]i32 = map (\i -> a[0] + a[i] - a[0]) (iota n)

-- a[1] needs n >= 2
entry second_in_map [n] (a: [n]i32) : [n]i32 = map (\i -> a[1] + i32.i64 i) (iota n)
