-- T.min, T.max, T.abs, T.sgn, T.neg, T.not for every integer type (abs/neg of lowest wrap).
-- ==
-- entry: i8_mm
-- input { -128i8 5i8 } output { -128i8 5i8 -128i8 -1i8 -128i8 127i8 }
-- input { 7i8 -3i8 } output { -3i8 7i8 7i8 1i8 -7i8 -8i8 }
-- input { 0i8 0i8 } output { 0i8 0i8 0i8 0i8 0i8 -1i8 }
entry i8_mm (x: i8) (y: i8) : (i8, i8, i8, i8, i8, i8) =
  (i8.min x y, i8.max x y, i8.abs x, i8.sgn x, i8.neg x, i8.not x)

-- ==
-- entry: i16_mm
-- input { -5i16 300i16 } output { -5i16 300i16 5i16 -1i16 5i16 4i16 }
-- input { 32767i16 -32768i16 } output { -32768i16 32767i16 32767i16 1i16 -32767i16 -32768i16 }
entry i16_mm (x: i16) (y: i16) : (i16, i16, i16, i16, i16, i16) =
  (i16.min x y, i16.max x y, i16.abs x, i16.sgn x, i16.neg x, i16.not x)

-- ==
-- entry: i32_mm
-- input { -7i32 2i32 } output { -7i32 2i32 7i32 -1i32 7i32 6i32 }
-- input { 0i32 -2147483648i32 } output { -2147483648i32 0i32 0i32 0i32 0i32 -1i32 }
entry i32_mm (x: i32) (y: i32) : (i32, i32, i32, i32, i32, i32) =
  (i32.min x y, i32.max x y, i32.abs x, i32.sgn x, i32.neg x, i32.not x)

-- ==
-- entry: i64_mm
-- input { -9223372036854775808i64 1i64 } output { -9223372036854775808i64 1i64 -9223372036854775808i64 -1i64 -9223372036854775808i64 9223372036854775807i64 }
-- input { 12i64 5i64 } output { 5i64 12i64 12i64 1i64 -12i64 -13i64 }
entry i64_mm (x: i64) (y: i64) : (i64, i64, i64, i64, i64, i64) =
  (i64.min x y, i64.max x y, i64.abs x, i64.sgn x, i64.neg x, i64.not x)

-- ==
-- entry: u8_mm
-- input { 255u8 0u8 } output { 0u8 255u8 255u8 1u8 1u8 0u8 }
-- input { 3u8 200u8 } output { 3u8 200u8 3u8 1u8 253u8 252u8 }
entry u8_mm (x: u8) (y: u8) : (u8, u8, u8, u8, u8, u8) =
  (u8.min x y, u8.max x y, u8.abs x, u8.sgn x, u8.neg x, u8.not x)

-- ==
-- entry: u16_mm
-- input { 1u16 65535u16 } output { 1u16 65535u16 1u16 1u16 65535u16 65534u16 }
entry u16_mm (x: u16) (y: u16) : (u16, u16, u16, u16, u16, u16) =
  (u16.min x y, u16.max x y, u16.abs x, u16.sgn x, u16.neg x, u16.not x)

-- ==
-- entry: u32_mm
-- input { 4294967295u32 7u32 } output { 7u32 4294967295u32 4294967295u32 1u32 1u32 0u32 }
-- input { 0u32 1u32 } output { 0u32 1u32 0u32 0u32 0u32 4294967295u32 }
entry u32_mm (x: u32) (y: u32) : (u32, u32, u32, u32, u32, u32) =
  (u32.min x y, u32.max x y, u32.abs x, u32.sgn x, u32.neg x, u32.not x)

-- ==
-- entry: u64_mm
-- input { 18446744073709551615u64 0u64 } output { 0u64 18446744073709551615u64 18446744073709551615u64 1u64 1u64 0u64 }
-- input { 9u64 10u64 } output { 9u64 10u64 9u64 1u64 18446744073709551607u64 18446744073709551606u64 }
entry u64_mm (x: u64) (y: u64) : (u64, u64, u64, u64, u64, u64) =
  (u64.min x y, u64.max x y, u64.abs x, u64.sgn x, u64.neg x, u64.not x)
