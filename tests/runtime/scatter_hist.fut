-- scatter and reduce_by_index ignore out-of-range indices; hist counts.
-- ==
-- input { [0i64, 2i64, -1i64, 9i64, 4i64] } output { [10, 0, 20, 0, 50] [2, 0, 1, 0, 1] [1, 5, 1, 1, 6] }
def main (is: []i64) : ([]i32, []i32, []i32) =
  let vs = map (\i -> i32.i64 (i + 1) * 10) (iota (length is))
  let s = scatter (replicate 5 0) is vs
  let h = hist (+) 0 5 (map (\i -> if i < 0 then 0 else i) is) (replicate (length is) 1)
  let r = reduce_by_index (replicate 5 1) (+) 0 [1, 4, 7, -3, 1] [2, 5, 9, 9, 2]
  in (s, h with [0] = h[0] - 1 + 1, r)
