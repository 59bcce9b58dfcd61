-- sin, cos, tan, asin, acos, atan in f32 and f64.
-- ==
-- entry: f32_sin
-- input { 0f32 } output { 0f32 }
-- input { 1f32 } output { 0.84147096f32 }
-- input { -0.5f32 } output { -0.47942555f32 }
entry f32_sin (x: f32) : f32 = f32.sin x

-- ==
-- entry: f32_cos
-- input { 0f32 } output { 1f32 }
-- input { 1f32 } output { 0.5403023f32 }
-- input { 3f32 } output { -0.9899925f32 }
entry f32_cos (x: f32) : f32 = f32.cos x

-- ==
-- entry: f32_tan
-- input { 0f32 } output { 0f32 }
-- input { 0.5f32 } output { 0.5463025f32 }
entry f32_tan (x: f32) : f32 = f32.tan x

-- ==
-- entry: f32_asin
-- input { 0.5f32 } output { 0.5235988f32 }
-- input { -1f32 } output { -1.5707964f32 }
entry f32_asin (x: f32) : f32 = f32.asin x

-- ==
-- entry: f32_acos
-- input { 0.5f32 } output { 1.0471976f32 }
-- input { 1f32 } output { 0f32 }
entry f32_acos (x: f32) : f32 = f32.acos x

-- ==
-- entry: f32_atan
-- input { 1f32 } output { 0.7853982f32 }
-- input { -3f32 } output { -1.2490457f32 }
entry f32_atan (x: f32) : f32 = f32.atan x

-- ==
-- entry: f64_sin
-- input { 0.0 } output { 0.0 }
-- input { 1.0 } output { 0.8414709848078965 }
-- input { -0.5 } output { -0.479425538604203 }
entry f64_sin (x: f64) : f64 = f64.sin x

-- ==
-- entry: f64_cos
-- input { 0.0 } output { 1.0 }
-- input { 1.0 } output { 0.5403023058681398 }
-- input { 3.0 } output { -0.9899924966004454 }
entry f64_cos (x: f64) : f64 = f64.cos x

-- ==
-- entry: f64_tan
-- input { 0.0 } output { 0.0 }
-- input { 0.5 } output { 0.5463024898437905 }
entry f64_tan (x: f64) : f64 = f64.tan x

-- ==
-- entry: f64_asin
-- input { 0.5 } output { 0.5235987755982989 }
-- input { -1.0 } output { -1.5707963267948966 }
entry f64_asin (x: f64) : f64 = f64.asin x

-- ==
-- entry: f64_acos
-- input { 0.5 } output { 1.0471975511965979 }
-- input { 1.0 } output { 0.0 }
entry f64_acos (x: f64) : f64 = f64.acos x

-- ==
-- entry: f64_atan
-- input { 1.0 } output { 0.7853981633974483 }
-- input { -3.0 } output { -1.2490457723982544 }
entry f64_atan (x: f64) : f64 = f64.atan x
