-- Size parameters [n] shared between parameters.
-- ==
-- input { [1f32, 2f32] [3f32, 4f32] } output { 11f32 }
def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
def main [n] (xs: [n]f32) (ys: [n]f32) : f32 = dot xs ys
