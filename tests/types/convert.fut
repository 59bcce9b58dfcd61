-- Qualified conversion functions from the prelude.
-- ==
-- input { 3 } output { 3i64 3.0f32 1.5f64 }
def main (x: i32) : (i64, f32, f64) = (i64.i32 x, f32.i32 x, f64.i32 x / 2)
