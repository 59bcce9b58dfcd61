-- T.sum, T.product, T.maximum, T.minimum for every integer type, with wrap-around and empty input.
-- ==
-- entry: i8_agg
-- input { [100i8, 100i8, -7i8] } output { -63i8 -112i8 100i8 -7i8 }
-- input { empty([0]i8) } output { 0i8 1i8 -128i8 127i8 }
entry i8_agg (xs: []i8) : (i8, i8, i8, i8) = (i8.sum xs, i8.product xs, i8.maximum xs, i8.minimum xs)

-- ==
-- entry: i16_agg
-- input { [300i16, -200i16, 150i16] } output { 250i16 -21568i16 300i16 -200i16 }
-- input { [-32768i16] } output { -32768i16 -32768i16 -32768i16 -32768i16 }
entry i16_agg (xs: []i16) : (i16, i16, i16, i16) = (i16.sum xs, i16.product xs, i16.maximum xs, i16.minimum xs)

-- ==
-- entry: i32_agg
-- input { [3i32, -1i32, 4i32] } output { 6i32 -12i32 4i32 -1i32 }
-- input { empty([0]i32) } output { 0i32 1i32 -2147483648i32 2147483647i32 }
entry i32_agg (xs: []i32) : (i32, i32, i32, i32) = (i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs)

-- ==
-- entry: i64_agg
-- input { [4000000000i64, 3000000000i64, -1i64] } output { 6999999999i64 6446744073709551616i64 4000000000i64 -1i64 }
-- input { [7i64] } output { 7i64 7i64 7i64 7i64 }
entry i64_agg (xs: []i64) : (i64, i64, i64, i64) = (i64.sum xs, i64.product xs, i64.maximum xs, i64.minimum xs)

-- ==
-- entry: u8_agg
-- input { [200u8, 100u8] } output { 44u8 32u8 200u8 100u8 }
-- input { empty([0]u8) } output { 0u8 1u8 0u8 255u8 }
entry u8_agg (xs: []u8) : (u8, u8, u8, u8) = (u8.sum xs, u8.product xs, u8.maximum xs, u8.minimum xs)

-- ==
-- entry: u16_agg
-- input { [65535u16, 2u16] } output { 1u16 65534u16 65535u16 2u16 }
-- input { [0u16] } output { 0u16 0u16 0u16 0u16 }
entry u16_agg (xs: []u16) : (u16, u16, u16, u16) = (u16.sum xs, u16.product xs, u16.maximum xs, u16.minimum xs)

-- ==
-- entry: u32_agg
-- input { [4000000000u32, 500000000u32, 1u32] } output { 205032705u32 1321730048u32 4000000000u32 1u32 }
-- input { empty([0]u32) } output { 0u32 1u32 0u32 4294967295u32 }
entry u32_agg (xs: []u32) : (u32, u32, u32, u32) = (u32.sum xs, u32.product xs, u32.maximum xs, u32.minimum xs)

-- ==
-- entry: u64_agg
-- input { [18446744073709551615u64, 2u64, 3u64] } output { 4u64 18446744073709551610u64 18446744073709551615u64 2u64 }
-- input { [5u64] } output { 5u64 5u64 5u64 5u64 }
entry u64_agg (xs: []u64) : (u64, u64, u64, u64) = (u64.sum xs, u64.product xs, u64.maximum xs, u64.minimum xs)
