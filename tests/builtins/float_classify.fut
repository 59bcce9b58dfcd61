-- isnan and isinf, on literal and on computed special values.
-- ==
-- entry: f64cl
-- input { 1.0 } output { false false }
-- input { f64.inf } output { false true }
-- input { -f64.inf } output { false true }
-- input { f64.nan } output { true false }
-- input { 1.7976931348623157e308 } output { false false }
entry f64cl (x: f64) : (bool, bool) = (f64.isnan x, f64.isinf x)

-- ==
-- entry: f32cl
-- input { 0f32 } output { false false }
-- input { f32.inf } output { false true }
-- input { f32.nan } output { true false }
entry f32cl (x: f32) : (bool, bool) = (f32.isnan x, f32.isinf x)

-- ==
-- entry: computed
-- input { 0.0 } output { true true true true true }
entry computed (z: f64) : (bool, bool, bool, bool, bool) =
  (f64.isnan (z / z), f64.isinf (1 / z), f64.isnan (f64.sqrt (-1)), f64.isinf (f64.log z),
   f32.isinf (f32.exp 100f32))
