-- min/max on floats ignore a NaN operand; maximum/minimum of an empty array are lowest/highest.
-- ==
-- entry: f32mm
-- input { 1f32 2f32 } output { 1f32 2f32 }
-- input { f32.nan 1f32 } output { 1f32 1f32 }
-- input { 1f32 f32.nan } output { 1f32 1f32 }
-- input { f32.inf -5f32 } output { -5f32 f32.inf }
-- input { -f32.inf 0f32 } output { -f32.inf 0f32 }
entry f32mm (x: f32) (y: f32) : (f32, f32) = (f32.min x y, f32.max x y)

-- ==
-- entry: f64mm
-- input { -1.5 -2.5 } output { -2.5 -1.5 }
-- input { f64.nan 3.0 } output { 3.0 3.0 }
-- input { 3.0 f64.nan } output { 3.0 3.0 }
entry f64mm (x: f64) (y: f64) : (f64, f64) = (f64.min x y, f64.max x y)

-- ==
-- entry: bothnan
-- input { f64.nan } output { true true }
entry bothnan (x: f64) : (bool, bool) = (f64.isnan (f64.min x x), f64.isnan (f64.max x f64.nan))

-- ==
-- entry: agg
-- input { [f64.nan, 1.0, 2.0] } output { 2.0 1.0 }
-- input { [3.0, f64.nan, -1.0] } output { 3.0 -1.0 }
-- input { empty([0]f64) } output { -f64.inf f64.inf }
entry agg (xs: []f64) : (f64, f64) = (f64.maximum xs, f64.minimum xs)
