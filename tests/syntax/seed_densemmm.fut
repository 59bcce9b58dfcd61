-- Dense matrix multiplication from the flattening slides (seed 004).
-- ==
-- input { [[1f32, 2f32], [3f32, 4f32]] [[5f32, 6f32], [7f32, 8f32]] }
-- output { [[19f32, 22f32], [43f32, 50f32]] }
def denseMMM [m][n][q] (ass: [m][q]f32) (bss: [q][n]f32) : [m][n]f32 =
  let dotprod xs ys = map2 (*) xs ys |> reduce (+) 0
  in map (\as -> map (dotprod as) (transpose bss)) ass

def main [m][n][q] (ass: [m][q]f32) (bss: [q][n]f32) : [m][n]f32 = denseMMM ass bss
