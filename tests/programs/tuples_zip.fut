-- Tuples through zip/unzip: zip3 and unzip3 round trips, tuple-returning lambdas,
-- projections, and a reduction over pairs computing a weighted mean.
-- ==
-- entry: round_trip
-- input { [1i32, 2i32, 3i32] [0.5f32, 1.5f32, -1.0f32] [true, false, true] }
-- output { [2i32, 2i32, 6i32] [1.5f32, 2.5f32, 0.0f32] [false, true, false] }
-- input { empty([0]i32) empty([0]f32) empty([0]bool) }
-- output { empty([0]i32) empty([0]f32) empty([0]bool) }

-- ==
-- entry: weighted_mean
-- input { [1.0f64, 2.0f64, 1.0f64] [3.0f64, 6.0f64, 9.0f64] }
-- output { 6.0f64 }
-- input { [0.5f64] [4.0f64] }
-- output { 4.0f64 }

-- ==
-- entry: minmax_pairs
-- input { [5i32, 1i32, 3i32] [2i32, 4i32, 3i32] }
-- output { [2i32, 1i32, 3i32] [5i32, 4i32, 3i32] }

entry round_trip [n] (a: [n]i32) (b: [n]f32) (c: [n]bool) : ([n]i32, [n]f32, [n]bool) =
  let t = zip3 a b c
  let t' = map (\(x, y, z) -> (if z then x * 2 else x, y + 1, !z)) t
  in unzip3 t'

entry weighted_mean [n] (ws: [n]f64) (xs: [n]f64) : f64 =
  let (sw, swx) = reduce (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) (zip ws (map2 (*) ws xs))
  in swx / sw

entry minmax_pairs [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  unzip (map2 (\x y -> if x <= y then (x, y) else (y, x)) xs ys)
