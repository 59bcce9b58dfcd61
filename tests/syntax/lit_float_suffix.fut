-- Float suffixes, also on integer digits (3f32).
-- ==
-- input { 1f32 } output { 7.5f32 0.25f64 }
def main (x: f32) : (f32, f64) = (x + 2.0f32 * 3f32 + 0.5f32, 25e-2f64)
