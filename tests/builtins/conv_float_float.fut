-- f32 <-> f64: narrowing rounds (and overflows to infinity), widening is exact.
-- ==
-- entry: widen
-- input { 0.1f32 } output { false 0.10000000149011612 }
-- input { 0.5f32 } output { true 0.5 }
entry widen (x: f32) : (bool, f64) = (f64.f32 x == 0.1 || f64.f32 x == 0.5, f64.f32 x)

-- ==
-- entry: narrow
-- input { 1e40 } output { true }
-- input { -1e40 } output { true }
-- input { 1e30 } output { false }
entry narrow (x: f64) : bool = f32.isinf (f32.f64 x)

-- x + 1 - x in each precision: 1e8 is exact in f32 but the spacing there is 8.
-- ==
-- entry: precision
-- input { 1e8 } output { 0f32 1.0 }
entry precision (x: f64) : (f32, f64) =
  let y = f32.f64 x
  in (y + 1f32 - y, x + 1.0 - x)

-- ==
-- entry: third
-- input { 3f32 } output { 0.3333333432674408 0.3333333333333333 }
entry third (d: f32) : (f64, f64) = (f64.f32 (1f32 / d), 1f64 / f64.f32 d)

-- ==
-- entry: idents
-- input { 2.5f32 -2.5 } output { 2.5f32 -2.5 }
entry idents (x: f32) (y: f64) : (f32, f64) = (f32.f32 x, f64.f64 y)
