-- sinh, cosh, tanh, asinh, acosh, atanh in f32 and f64.
-- ==
-- entry: f32_sinh
-- input { 0f32 } output { 0f32 }
-- input { 1f32 } output { 1.1752012f32 }
entry f32_sinh (x: f32) : f32 = f32.sinh x

-- ==
-- entry: f32_cosh
-- input { 0f32 } output { 1f32 }
-- input { -1f32 } output { 1.5430807f32 }
entry f32_cosh (x: f32) : f32 = f32.cosh x

-- ==
-- entry: f32_tanh
-- input { 0.5f32 } output { 0.46211717f32 }
-- input { -20f32 } output { -1f32 }
entry f32_tanh (x: f32) : f32 = f32.tanh x

-- ==
-- entry: f32_asinh
-- input { 1f32 } output { 0.8813736f32 }
-- input { -2f32 } output { -1.4436355f32 }
entry f32_asinh (x: f32) : f32 = f32.asinh x

-- ==
-- entry: f32_acosh
-- input { 1f32 } output { 0f32 }
-- input { 2f32 } output { 1.316958f32 }
entry f32_acosh (x: f32) : f32 = f32.acosh x

-- ==
-- entry: f32_atanh
-- input { 0f32 } output { 0f32 }
-- input { 0.5f32 } output { 0.54930615f32 }
entry f32_atanh (x: f32) : f32 = f32.atanh x

-- ==
-- entry: f64_sinh
-- input { 0.0 } output { 0.0 }
-- input { 1.0 } output { 1.1752011936438014 }
entry f64_sinh (x: f64) : f64 = f64.sinh x

-- ==
-- entry: f64_cosh
-- input { 0.0 } output { 1.0 }
-- input { -1.0 } output { 1.5430806348152437 }
entry f64_cosh (x: f64) : f64 = f64.cosh x

-- ==
-- entry: f64_tanh
-- input { 0.5 } output { 0.46211715726000974 }
-- input { -20.0 } output { -1.0 }
entry f64_tanh (x: f64) : f64 = f64.tanh x

-- ==
-- entry: f64_asinh
-- input { 1.0 } output { 0.881373587019543 }
-- input { -2.0 } output { -1.4436354751788103 }
entry f64_asinh (x: f64) : f64 = f64.asinh x

-- ==
-- entry: f64_acosh
-- input { 1.0 } output { 0.0 }
-- input { 2.0 } output { 1.3169578969248166 }
entry f64_acosh (x: f64) : f64 = f64.acosh x

-- ==
-- entry: f64_atanh
-- input { 0.0 } output { 0.0 }
-- input { 0.5 } output { 0.5493061443340548 }
entry f64_atanh (x: f64) : f64 = f64.atanh x
