-- pi, e, inf, nan, highest, lowest, epsilon in f32 and f64.
-- ==
-- entry: f64c
-- input { 0 } output { 3.141592653589793 2.718281828459045 true true true true true }
entry f64c (_: i32) : (f64, f64, bool, bool, bool, bool, bool) =
  (f64.pi, f64.e,
   f64.isinf f64.inf && f64.inf > 0,
   f64.highest == f64.inf && f64.lowest == -f64.inf,
   f64.isnan f64.nan && f64.nan != f64.nan,
   1 + f64.epsilon != 1 && 1 + f64.epsilon / 2 == 1,
   f64.epsilon == 2.220446049250313e-16)

-- ==
-- entry: f32c
-- input { 0 } output { 3.1415927f32 2.7182817f32 true true true true true }
entry f32c (_: i32) : (f32, f32, bool, bool, bool, bool, bool) =
  (f32.pi, f32.e,
   f32.isinf f32.inf && f32.inf > 0,
   f32.highest == f32.inf && f32.lowest == -f32.inf,
   f32.isnan f32.nan && f32.nan != f32.nan,
   1 + f32.epsilon != 1 && 1 + f32.epsilon / 2 == 1,
   f64.f32 f32.epsilon == 1.1920928955078125e-7)

-- ==
-- entry: specials
-- input { 0 } output { f32.inf -f64.inf f64.nan f32.nan }
entry specials (_: i32) : (f32, f64, f64, f32) = (f32.inf, -f64.inf, f64.nan, f32.nan)

-- ==
-- entry: pi_trig
-- input { 0 } output { 0.0 -1.0 }
entry pi_trig (_: i32) : (f64, f64) = (f64.sin f64.pi * 1e15 |> f64.round, f64.cos f64.pi)
