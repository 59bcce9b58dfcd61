-- Bounds checks left out in the branches of an if on `x == k` or `x != k`, with k the lowest
-- value of the index x (range.c fr_branch): x is k in one branch and above k in the other, so
-- `w[x - 1]` needs no check there.  Where k is not x's lowest value, or x's range is unknown,
-- the check stays and fails as it should.

-- ==
-- entry: diffs
-- input { [3i64, 5i64, 10i64, 20i64] }
-- output { [3i64, 2i64, 5i64, 10i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
entry diffs [n] (w: [n]i64) : [n]i64 =
  map (\d -> if d == 0 then w[0] else w[d] - w[d - 1]) (iota n)

-- ==
-- entry: previous
-- input { [3i64, 5i64, 10i64, 20i64] }
-- output { [-1i64, 3i64, 5i64, 10i64] }
entry previous [n] (w: [n]i64) : [n]i64 =
  map (\d -> if d != 0 then w[d - 1] else -1) (iota n)

-- ==
-- entry: loop_pairs
-- input { [3i64, 5i64, 10i64, 20i64] }
-- output { 268i64 }
entry loop_pairs [n] (w: [n]i64) : i64 =
  loop acc = 0 for i < n do if i == 0 then acc + w[i] else acc + w[i] * w[i - 1]

-- 1 is not the lowest value of d: d = 0 reaches w[-1].

-- ==
-- entry: not_lowest
-- input { [3i64, 5i64, 10i64, 20i64] }
-- error: Index \[-1\] out of bounds for array of shape \[4\]
entry not_lowest [n] (w: [n]i64) : [n]i64 =
  map (\d -> if d == 1 then 0 else w[d - 1]) (iota n)

-- k's range is unknown: checked.

-- ==
-- entry: unknown
-- input { [3i64, 5i64, 10i64, 20i64] 0i64 }
-- output { 0i64 }
-- input { [3i64, 5i64, 10i64, 20i64] 2i64 }
-- output { 5i64 }
-- input { [3i64, 5i64, 10i64, 20i64] 9i64 }
-- error: Index \[8\] out of bounds for array of shape \[4\]
entry unknown [n] (w: [n]i64) (k: i64) : i64 =
  if k == 0 then 0 else w[k - 1]

-- The narrowed range holds only in its branch: after the if, d - 1 is checked again.

-- ==
-- entry: after_if
-- input { [3i64, 5i64, 10i64, 20i64] }
-- error: Index \[-1\] out of bounds for array of shape \[4\]
entry after_if [n] (w: [n]i64) : [n]i64 =
  map (\d -> let a = if d == 0 then 0 else w[d - 1] in a + w[d - 1]) (iota n)
