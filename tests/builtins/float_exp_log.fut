-- sqrt, cbrt, exp, log, log2, log10, log1p in f32 and f64.
-- ==
-- entry: f32_sqrt
-- input { 2f32 } output { 1.4142135f32 }
-- input { 0.25f32 } output { 0.5f32 }
-- input { 0f32 } output { 0f32 }
entry f32_sqrt (x: f32) : f32 = f32.sqrt x

-- ==
-- entry: f32_cbrt
-- input { 27f32 } output { 3f32 }
-- input { -8f32 } output { -2f32 }
entry f32_cbrt (x: f32) : f32 = f32.cbrt x

-- ==
-- entry: f32_exp
-- input { 0f32 } output { 1f32 }
-- input { 1f32 } output { 2.7182817f32 }
-- input { -2.5f32 } output { 0.082085f32 }
entry f32_exp (x: f32) : f32 = f32.exp x

-- ==
-- entry: f32_log
-- input { 1f32 } output { 0f32 }
-- input { 10f32 } output { 2.3025851f32 }
-- input { 0.5f32 } output { -0.6931472f32 }
entry f32_log (x: f32) : f32 = f32.log x

-- ==
-- entry: f32_log2
-- input { 8f32 } output { 3f32 }
-- input { 3f32 } output { 1.5849625f32 }
entry f32_log2 (x: f32) : f32 = f32.log2 x

-- ==
-- entry: f32_log10
-- input { 1000f32 } output { 3f32 }
-- input { 2f32 } output { 0.30103f32 }
entry f32_log10 (x: f32) : f32 = f32.log10 x

-- ==
-- entry: f32_log1p
-- input { 1e-10f32 } output { 1e-10f32 }
-- input { 1f32 } output { 0.6931472f32 }
entry f32_log1p (x: f32) : f32 = f32.log1p x

-- ==
-- entry: f64_sqrt
-- input { 2.0 } output { 1.4142135623730951 }
-- input { 0.25 } output { 0.5 }
-- input { 0.0 } output { 0.0 }
entry f64_sqrt (x: f64) : f64 = f64.sqrt x

-- ==
-- entry: f64_cbrt
-- input { 27.0 } output { 3.0 }
-- input { -8.0 } output { -2.0 }
entry f64_cbrt (x: f64) : f64 = f64.cbrt x

-- ==
-- entry: f64_exp
-- input { 0.0 } output { 1.0 }
-- input { 1.0 } output { 2.718281828459045 }
-- input { -2.5 } output { 0.0820849986238988 }
entry f64_exp (x: f64) : f64 = f64.exp x

-- ==
-- entry: f64_log
-- input { 1.0 } output { 0.0 }
-- input { 10.0 } output { 2.302585092994046 }
-- input { 0.5 } output { -0.6931471805599453 }
entry f64_log (x: f64) : f64 = f64.log x

-- ==
-- entry: f64_log2
-- input { 8.0 } output { 3.0 }
-- input { 3.0 } output { 1.584962500721156 }
entry f64_log2 (x: f64) : f64 = f64.log2 x

-- ==
-- entry: f64_log10
-- input { 1000.0 } output { 3.0 }
-- input { 2.0 } output { 0.3010299956639812 }
entry f64_log10 (x: f64) : f64 = f64.log10 x

-- ==
-- entry: f64_log1p
-- input { 1e-10 } output { 9.999999999500001e-11 }
-- input { 1.0 } output { 0.6931471805599453 }
entry f64_log1p (x: f64) : f64 = f64.log1p x
