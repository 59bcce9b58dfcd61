-- recip, from_fraction, lerp, mad, nextafter, ldexp.
-- ==
-- entry: simple
-- input { 0 } output { 0.25 0.25 -1.5 12.5 10.0 0.5f32 }
entry simple (_: i32) : (f64, f64, f64, f64, f64, f32) =
  (f64.recip 4, f64.from_fraction 1 4, f64.from_fraction (-3) 2, f64.lerp 10 20 0.25, f64.mad 2 3 4,
   f32.from_fraction 2 4)

-- Steps of nextafter, measured in units of the last place through to_bits.
-- ==
-- entry: next
-- input { 0 } output { 1u64 1u64 4.9406564584124654e-324 -4.9406564584124654e-324 1u32 true true }
entry next (_: i32) : (u64, u64, f64, f64, u32, bool, bool) =
  (f64.to_bits (f64.nextafter 1 2) - f64.to_bits 1,
   f64.to_bits 1 - f64.to_bits (f64.nextafter 1 0),
   f64.nextafter 0 1,
   f64.nextafter 0 (-1),
   f32.to_bits (f32.nextafter 1 2) - f32.to_bits 1,
   f64.nextafter 3 3 == 3,
   f64.nextafter (-1) (-2) < -1)

-- ==
-- entry: ld
-- input { 0 } output { 0.75 8.98846567431158e307 f64.inf 1.7014118e38f32 4.9406564584124654e-324 -12.0 }
entry ld (_: i32) : (f64, f64, f64, f32, f64, f64) =
  (f64.ldexp 3 (-2), f64.ldexp 1 1023, f64.ldexp 1 1024, f32.ldexp 1 127, f64.ldexp 1 (-1074), f64.ldexp (-3) 2)
