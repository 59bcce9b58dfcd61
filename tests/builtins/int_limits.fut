-- T.highest, T.lowest, T.num_bits for every integer type; highest + 1 wraps to lowest.
-- ==
-- entry: i8_lim
-- input { 0 } output { 127i8 -128i8 8 true }
entry i8_lim (_: i32) : (i8, i8, i32, bool) = (i8.highest, i8.lowest, i8.num_bits, i8.highest + 1 == i8.lowest)

-- ==
-- entry: i16_lim
-- input { 0 } output { 32767i16 -32768i16 16 true }
entry i16_lim (_: i32) : (i16, i16, i32, bool) = (i16.highest, i16.lowest, i16.num_bits, i16.highest + 1 == i16.lowest)

-- ==
-- entry: i32_lim
-- input { 0 } output { 2147483647i32 -2147483648i32 32 true }
entry i32_lim (_: i32) : (i32, i32, i32, bool) = (i32.highest, i32.lowest, i32.num_bits, i32.highest + 1 == i32.lowest)

-- ==
-- entry: i64_lim
-- input { 0 } output { 9223372036854775807i64 -9223372036854775808i64 64 true }
entry i64_lim (_: i32) : (i64, i64, i32, bool) = (i64.highest, i64.lowest, i64.num_bits, i64.highest + 1 == i64.lowest)

-- ==
-- entry: u8_lim
-- input { 0 } output { 255u8 0u8 8 true }
entry u8_lim (_: i32) : (u8, u8, i32, bool) = (u8.highest, u8.lowest, u8.num_bits, u8.highest + 1 == u8.lowest)

-- ==
-- entry: u16_lim
-- input { 0 } output { 65535u16 0u16 16 true }
entry u16_lim (_: i32) : (u16, u16, i32, bool) = (u16.highest, u16.lowest, u16.num_bits, u16.highest + 1 == u16.lowest)

-- ==
-- entry: u32_lim
-- input { 0 } output { 4294967295u32 0u32 32 true }
entry u32_lim (_: i32) : (u32, u32, i32, bool) = (u32.highest, u32.lowest, u32.num_bits, u32.highest + 1 == u32.lowest)

-- ==
-- entry: u64_lim
-- input { 0 } output { 18446744073709551615u64 0u64 64 true }
entry u64_lim (_: i32) : (u64, u64, i32, bool) = (u64.highest, u64.lowest, u64.num_bits, u64.highest + 1 == u64.lowest)
