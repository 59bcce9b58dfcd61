-- Qualified names of the prelude: f32.sqrt, i64.i32, f64.i64.
-- ==
-- input { 16f32 3 } output { 4f32 3i64 3.0 }
def main (x: f32) (y: i32) : (f32, i64, f64) = (f32.sqrt x, i64.i32 y, f64.i64 (i64.i32 y))
