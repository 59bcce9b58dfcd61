-- f32/f64 sum, product, maximum, minimum, including empty arrays.
-- ==
-- entry: f32agg
-- input { [1.5f32, 2.5f32, -1f32] } output { 3f32 -3.75f32 2.5f32 -1f32 }
-- input { empty([0]f32) } output { 0f32 1f32 -f32.inf f32.inf }
entry f32agg (xs: []f32) : (f32, f32, f32, f32) = (f32.sum xs, f32.product xs, f32.maximum xs, f32.minimum xs)

-- ==
-- entry: f64agg
-- input { [2.0, 0.5, 3.0] } output { 5.5 3.0 3.0 0.5 }
-- input { [-0.25] } output { -0.25 -0.25 -0.25 -0.25 }
-- input { empty([0]f64) } output { 0.0 1.0 -f64.inf f64.inf }
entry f64agg (xs: []f64) : (f64, f64, f64, f64) = (f64.sum xs, f64.product xs, f64.maximum xs, f64.minimum xs)
