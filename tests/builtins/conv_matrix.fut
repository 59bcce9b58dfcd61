-- Every numeric conversion T.U, from every source type to every target type.
-- ==
-- entry: from_i8
-- input { -1i8 } output { -1i8 -1i16 -1i32 -1i64 255u8 255u16 255u32 255u64 -1f32 -1f64 }
-- input { 100i8 } output { 100i8 100i16 100i32 100i64 100u8 100u16 100u32 100u64 100f32 100f64 }
entry from_i8 (x: i8) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.i8 x, i16.i8 x, i32.i8 x, i64.i8 x, u8.i8 x, u16.i8 x, u32.i8 x, u64.i8 x, f32.i8 x, f64.i8 x)

-- ==
-- entry: from_i16
-- input { -300i16 } output { -44i8 -300i16 -300i32 -300i64 212u8 65236u16 65236u32 65236u64 -300f32 -300f64 }
-- input { 1000i16 } output { -24i8 1000i16 1000i32 1000i64 232u8 1000u16 1000u32 1000u64 1000f32 1000f64 }
entry from_i16 (x: i16) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.i16 x, i16.i16 x, i32.i16 x, i64.i16 x, u8.i16 x, u16.i16 x, u32.i16 x, u64.i16 x, f32.i16 x, f64.i16 x)

-- ==
-- entry: from_i32
-- input { -70000i32 } output { -112i8 -4464i16 -70000i32 -70000i64 144u8 61072u16 4294897296u32 4294897296u64 -70000f32 -70000f64 }
-- input { 123456789i32 } output { 21i8 -13035i16 123456789i32 123456789i64 21u8 52501u16 123456789u32 123456789u64 123456792f32 123456789f64 }
entry from_i32 (x: i32) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.i32 x, i16.i32 x, i32.i32 x, i64.i32 x, u8.i32 x, u16.i32 x, u32.i32 x, u64.i32 x, f32.i32 x, f64.i32 x)

-- ==
-- entry: from_i64
-- input { -1i64 } output { -1i8 -1i16 -1i32 -1i64 255u8 65535u16 4294967295u32 18446744073709551615u64 -1f32 -1f64 }
-- input { 4294967301i64 } output { 5i8 5i16 5i32 4294967301i64 5u8 5u16 5u32 4294967301u64 4294967296f32 4294967301f64 }
entry from_i64 (x: i64) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.i64 x, i16.i64 x, i32.i64 x, i64.i64 x, u8.i64 x, u16.i64 x, u32.i64 x, u64.i64 x, f32.i64 x, f64.i64 x)

-- ==
-- entry: from_u8
-- input { 255u8 } output { -1i8 255i16 255i32 255i64 255u8 255u16 255u32 255u64 255f32 255f64 }
-- input { 7u8 } output { 7i8 7i16 7i32 7i64 7u8 7u16 7u32 7u64 7f32 7f64 }
entry from_u8 (x: u8) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.u8 x, i16.u8 x, i32.u8 x, i64.u8 x, u8.u8 x, u16.u8 x, u32.u8 x, u64.u8 x, f32.u8 x, f64.u8 x)

-- ==
-- entry: from_u16
-- input { 65535u16 } output { -1i8 -1i16 65535i32 65535i64 255u8 65535u16 65535u32 65535u64 65535f32 65535f64 }
-- input { 40000u16 } output { 64i8 -25536i16 40000i32 40000i64 64u8 40000u16 40000u32 40000u64 40000f32 40000f64 }
entry from_u16 (x: u16) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.u16 x, i16.u16 x, i32.u16 x, i64.u16 x, u8.u16 x, u16.u16 x, u32.u16 x, u64.u16 x, f32.u16 x, f64.u16 x)

-- ==
-- entry: from_u32
-- input { 4294967295u32 } output { -1i8 -1i16 -1i32 4294967295i64 255u8 65535u16 4294967295u32 4294967295u64 4294967296f32 4294967295f64 }
-- input { 2147483648u32 } output { 0i8 0i16 -2147483648i32 2147483648i64 0u8 0u16 2147483648u32 2147483648u64 2147483648f32 2147483648f64 }
entry from_u32 (x: u32) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.u32 x, i16.u32 x, i32.u32 x, i64.u32 x, u8.u32 x, u16.u32 x, u32.u32 x, u64.u32 x, f32.u32 x, f64.u32 x)

-- ==
-- entry: from_u64
-- input { 18446744073709551615u64 } output { -1i8 -1i16 -1i32 -1i64 255u8 65535u16 4294967295u32 18446744073709551615u64 1.8446744073709552e+19f32 1.8446744073709552e+19f64 }
-- input { 4294967296u64 } output { 0i8 0i16 0i32 4294967296i64 0u8 0u16 0u32 4294967296u64 4294967296f32 4294967296f64 }
entry from_u64 (x: u64) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.u64 x, i16.u64 x, i32.u64 x, i64.u64 x, u8.u64 x, u16.u64 x, u32.u64 x, u64.u64 x, f32.u64 x, f64.u64 x)

-- ==
-- entry: from_f32
-- input { 100.75f32 } output { 100i8 100i16 100i32 100i64 100u8 100u16 100u32 100u64 100.75f32 100.75f64 }
-- input { -0.5f32 } output { 0i8 0i16 0i32 0i64 0u8 0u16 0u32 0u64 -0.5f32 -0.5f64 }
entry from_f32 (x: f32) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.f32 x, i16.f32 x, i32.f32 x, i64.f32 x, u8.f32 x, u16.f32 x, u32.f32 x, u64.f32 x, f32.f32 x, f64.f32 x)

-- ==
-- entry: from_f64
-- input { 100.75f64 } output { 100i8 100i16 100i32 100i64 100u8 100u16 100u32 100u64 100.75f32 100.75f64 }
-- input { 3.999f64 } output { 3i8 3i16 3i32 3i64 3u8 3u16 3u32 3u64 3.999000072479248f32 3.999f64 }
entry from_f64 (x: f64) : (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64) =
  (i8.f64 x, i16.f64 x, i32.f64 x, i64.f64 x, u8.f64 x, u16.f64 x, u32.f64 x, u64.f64 x, f32.f64 x, f64.f64 x)
