-- T.to_i64 for integer and float types, and f32.to_f64 / f64.to_f64.
-- ==
-- input { -5i8 65535u16 4294967295u32 -3.9f32 1e10 } output { -5i64 65535i64 4294967295i64 -3i64 10000000000i64 }
def main (a: i8) (b: u16) (c: u32) (d: f32) (e: f64) : (i64, i64, i64, i64, i64) =
  (i8.to_i64 a, u16.to_i64 b, u32.to_i64 c, f32.to_i64 d, f64.to_i64 e)

-- ==
-- entry: more
-- input { 7i16 -7 8i64 9u8 10u64 } output { 7i64 -7i64 8i64 9i64 10i64 }
entry more (a: i16) (b: i32) (c: i64) (d: u8) (e: u64) : (i64, i64, i64, i64, i64) =
  (i16.to_i64 a, i32.to_i64 b, i64.to_i64 c, u8.to_i64 d, u64.to_i64 e)

-- ==
-- entry: tof64
-- input { 0.25f32 -1.5 } output { 0.25 -1.5 }
entry tof64 (x: f32) (y: f64) : (f64, f64) = (f32.to_f64 x, f64.to_f64 y)
