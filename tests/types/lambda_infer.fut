-- Lambda parameters are inferred from the array they are mapped over.
-- ==
-- input { [1.0f32, 2.0f32] [3i64, 4i64] } output { [2.0f32, 4.0f32] [4i64, 5i64] }
def main (xs: []f32) (ys: []i64) : ([]f32, []i64) =
  (map (\x -> x * 2) xs, map (\y -> y + 1) ys)
