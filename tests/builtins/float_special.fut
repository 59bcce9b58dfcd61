-- gamma, lgamma, erf, erfc in f32 and f64.
-- ==
-- entry: f32_gamma
-- input { 5f32 } output { 24f32 }
-- input { 0.5f32 } output { 1.7724539f32 }
-- input { 1f32 } output { 1f32 }
entry f32_gamma (x: f32) : f32 = f32.gamma x

-- ==
-- entry: f32_lgamma
-- input { 10f32 } output { 12.801827f32 }
-- input { 0.5f32 } output { 0.5723649f32 }
-- input { 1f32 } output { 0f32 }
entry f32_lgamma (x: f32) : f32 = f32.lgamma x

-- ==
-- entry: f32_erf
-- input { 0f32 } output { 0f32 }
-- input { 0.5f32 } output { 0.5204999f32 }
-- input { -2f32 } output { -0.9953223f32 }
entry f32_erf (x: f32) : f32 = f32.erf x

-- ==
-- entry: f32_erfc
-- input { 0f32 } output { 1f32 }
-- input { 1f32 } output { 0.1572992f32 }
-- input { 3f32 } output { 2.2090497e-05f32 }
entry f32_erfc (x: f32) : f32 = f32.erfc x

-- ==
-- entry: f64_gamma
-- input { 5.0 } output { 24.0 }
-- input { 0.5 } output { 1.7724538509055159 }
-- input { 1.0 } output { 1.0 }
entry f64_gamma (x: f64) : f64 = f64.gamma x

-- ==
-- entry: f64_lgamma
-- input { 10.0 } output { 12.801827480081467 }
-- input { 0.5 } output { 0.5723649429247004 }
-- input { 1.0 } output { 0.0 }
entry f64_lgamma (x: f64) : f64 = f64.lgamma x

-- ==
-- entry: f64_erf
-- input { 0.0 } output { 0.0 }
-- input { 0.5 } output { 0.5204998778130465 }
-- input { -2.0 } output { -0.9953222650189527 }
entry f64_erf (x: f64) : f64 = f64.erf x

-- ==
-- entry: f64_erfc
-- input { 0.0 } output { 1.0 }
-- input { 1.0 } output { 0.15729920705028513 }
-- input { 3.0 } output { 2.2090496998585438e-05 }
entry f64_erfc (x: f64) : f64 = f64.erfc x
