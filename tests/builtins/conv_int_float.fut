-- Integer-to-float conversion rounds to the nearest representable value (f32 has 24 bits of mantissa,
-- f64 has 53); checked exactly by converting back to integers.
-- ==
-- entry: to_f32
-- input { 16777217 } output { 16777216 16777217i64 }
-- input { 16777219 } output { 16777220 16777219i64 }
-- input { -5 } output { -5 -5i64 }
entry to_f32 (x: i32) : (i32, i64) = (i32.f32 (f32.i32 x), i64.f64 (f64.i32 x))

-- ==
-- entry: to_f64
-- input { 9007199254740993i64 } output { 9007199254740992i64 }
-- input { -9007199254740993i64 } output { -9007199254740992i64 }
-- input { 123i64 } output { 123i64 }
entry to_f64 (x: i64) : i64 = i64.f64 (f64.i64 x)

-- ==
-- entry: unsigned
-- input { 4294967295u32 255u8 18446744073709551615u64 } output { 4294967295.0 255.0f32 1.8446744073709552e19 }
entry unsigned (x: u32) (y: u8) (z: u64) : (f64, f32, f64) = (f64.u32 x, f32.u8 y, f64.u64 z)

-- ==
-- entry: signed_small
-- input { -128i8 -32768i16 } output { -128.0 -32768.0f32 }
entry signed_small (x: i8) (y: i16) : (f64, f32) = (f64.i8 x, f32.i16 y)
