-- Batch of rank-search problems (k-th smallest, 1-based): a while loop per element whose
-- array shrinks by a different amount in every instance.
-- ==
-- input { [1i64, 3i64, 5i64] [[5.0f32, 1.0f32, 4.0f32, 2.0f32, 3.0f32], [2.5f32, 2.5f32, -1.0f32, 7.0f32, 0.5f32], [9.0f32, 8.0f32, 7.0f32, 6.0f32, 5.0f32]] }
-- output { [1.0f32, 2.5f32, 9.0f32] }
-- input { [2i64, 2i64] [[1.0f32, 1.0f32, 1.0f32], [3.0f32, -3.0f32, 0.0f32]] }
-- output { [1.0f32, 0.0f32] }

-- ==
-- entry: jagged
-- input { [1i64, 2i64, 3i64] [1i64, 4i64, 3i64] [7.0f32, 4.0f32, -2.0f32, 4.0f32, 8.5f32, 0.25f32, 0.5f32, 0.125f32] }
-- output { [7.0f32, 4.0f32, 0.5f32] }
-- input { [4i64, 1i64] [6i64, 2i64] [6.0f32, 5.0f32, 4.0f32, 3.0f32, 2.0f32, 1.0f32, 10.0f32, 20.0f32] }
-- output { [4.0f32, 10.0f32] }

def rank_search (k: i64) (xs: []f32) : f32 =
  let (_, _, res, _) =
    loop (k, xs: []f32, res, done) = (k, xs, 0f32, false) while !done do
      let p = xs[length xs / 2]
      let lt = filter (< p) xs
      let eq = filter (== p) xs
      let gt = filter (> p) xs
      in if k <= length lt then (k, lt, res, false)
         else if k <= length lt + length eq then (k, xs, p, true)
         else (k - length lt - length eq, gt, res, false)
  in res

def main [m][n] (ks: [m]i64) (As: [m][n]f32) : [m]f32 =
  map2 rank_search ks As

entry jagged [m] (ks: [m]i64) (lens: [m]i64) (data: []f32) : [m]f32 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map3 (\k o l -> rank_search k data[o:o+l]) ks offs lens
