-- Bitwise operators, shifts and numeric conversions: packing bytes into words, logical vs
-- arithmetic right shifts, narrowing/widening conversions and float truncation.
-- ==
-- entry: pack
-- input { [1u8, 2u8, 3u8, 4u8] }
-- output { 67305985u32 }
-- input { [255u8, 0u8, 0u8, 128u8] }
-- output { 2147483903u32 }

-- ==
-- entry: unpack
-- input { 67305985u32 }
-- output { [1u8, 2u8, 3u8, 4u8] }
-- input { 4294967295u32 }
-- output { [255u8, 255u8, 255u8, 255u8] }

-- ==
-- entry: shifts
-- input { 100i32 }
-- output { 25i32 25i32 800i32 }
-- input { -100i32 }
-- output { -25i32 1073741799i32 -800i32 }
-- input { 1073741824i32 }
-- output { 268435456i32 268435456i32 0i32 }

-- ==
-- entry: narrow
-- input { [1i32, -1i32, 127i32, 128i32, 255i32, 256i32, -129i32] }
-- output { [1i8, -1i8, 127i8, -128i8, -1i8, 0i8, 127i8] [1u8, 255u8, 127u8, 128u8, 255u8, 0u8, 127u8] [1i64, -1i64, 127i64, 128i64, 255i64, 256i64, -129i64] }

-- ==
-- entry: truncs
-- input { [2.7f64, -2.7f64, 0.0f64, 1000000.5f64] }
-- output { [2i32, -2i32, 0i32, 1000000i32] [2i64, -3i64, 0i64, 1000000i64] [2.7f32, -2.7f32, 0.0f32, 1000000.0f32] }

-- ==
-- entry: bool_ops
-- input { [true, true, false, false] [true, false, true, false] }
-- output { [true, false, false, false] [true, true, true, false] [false, true, true, false] }

entry pack (bs: [4]u8) : u32 =
  u32.u8 bs[0] | (u32.u8 bs[1] << 8) | (u32.u8 bs[2] << 16) | (u32.u8 bs[3] << 24)

entry unpack (w: u32) : [4]u8 = map (\k -> u8.u32 ((w >> (8 * u32.i64 k)) & 0xff)) (iota 4)

entry shifts (x: i32) : (i32, i32, i32) = (x >> 2, x >>> 2, x << 3)

entry narrow (xs: []i32) : ([]i8, []u8, []i64) =
  (map i8.i32 xs, map u8.i32 xs, map i64.i32 xs)

entry truncs (xs: []f64) : ([]i32, []i64, []f32) =
  (map i32.f64 xs, map (\x -> i64.f64 (f64.floor x)) xs, map f32.f64 xs)

entry bool_ops (a: []bool) (b: []bool) : ([]bool, []bool, []bool) =
  (map2 (&&) a b, map2 (||) a b, map2 (!=) a b)
