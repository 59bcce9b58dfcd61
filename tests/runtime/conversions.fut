-- Conversions: float to int truncates toward zero, int to int wraps, to bool is x != 0.
-- ==
-- input { -2.7f64 300 } output { -2 44u8 44i8 300f32 true 3000000000i64 }
-- input { 2.7f64 -1 } output { 2 255u8 -1i8 -1f32 true 3000000000i64 }
def main (x: f64) (n: i32) : (i32, u8, i8, f32, bool, i64) =
  (i32.f64 x, u8.i32 n, i8.i32 n, f32.i32 n, bool.i32 n, i64.u32 3000000000u32)
