-- Two different size names are not an error in weft (Futhark's rigid sizes would reject these):
-- the sizes are compared at run time, and unequal ones fail with a size error.

def pair_up [n] (as: [n]f32) (bs: [n]f32) = zip as bs

-- ==
-- entry: pairs
-- input { [1f32, 2f32] [3f32, 4f32] } output { [1f32, 2f32] [3f32, 4f32] }
-- input { [1f32, 2f32] [3f32] } error: .
entry pairs [rows] [cols] (xs: [rows]f32) (ys: [cols]f32) = unzip (pair_up xs ys)

-- ==
-- entry: four
-- input { [1, 2, 3, 4] } output { [1, 2, 3, 4] }
-- input { [1, 2, 3] } error: .
entry four [n] (xs: [n]i32) : [4]i32 =
  let (ys: [4]i32) = xs
  in ys

-- ==
-- entry: square
-- input { 2i64 2i64 } output { 2i64 }
-- input { 2i64 3i64 } error: .
entry square (a: i64) (b: i64) =
  let [s] (_grid: [s][s]bool) = replicate a (replicate b false)
  in s
