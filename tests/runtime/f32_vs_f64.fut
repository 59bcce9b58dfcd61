-- The same expression in f32 and f64 gives different results where single precision loses bits.
-- ==
-- input { 100000000f32 100000000f64 } output { 0.0f32 1f64 true }
def main (a: f32) (b: f64) : (f32, f64, bool) =
  ((a + 1) - a, (b + 1) - b, f64.f32 (a + 1) == f64.f32 a)
