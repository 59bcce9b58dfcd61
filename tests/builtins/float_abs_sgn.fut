-- abs, sgn, neg on floats, including signed zeros, infinities and NaN.
-- ==
-- entry: f64s
-- input { -3.5 } output { 3.5 -1.0 3.5 }
-- input { 2.0 } output { 2.0 1.0 -2.0 }
-- input { -f64.inf } output { f64.inf -1.0 f64.inf }
-- input { 0.0 } output { 0.0 0.0 -0.0 }
entry f64s (x: f64) : (f64, f64, f64) = (f64.abs x, f64.sgn x, f64.neg x)

-- ==
-- entry: f32s
-- input { -0.25f32 } output { 0.25f32 -1f32 0.25f32 }
-- input { 7f32 } output { 7f32 1f32 -7f32 }
entry f32s (x: f32) : (f32, f32, f32) = (f32.abs x, f32.sgn x, f32.neg x)

-- abs of -0 is +0 (checked through the sign bit); sgn and abs of NaN are NaN.
-- ==
-- entry: zeros
-- input { -0.0 f64.nan } output { 0u64 true true }
entry zeros (z: f64) (n: f64) : (u64, bool, bool) = (f64.to_bits (f64.abs z), f64.isnan (f64.sgn n), f64.isnan (f64.abs n))
