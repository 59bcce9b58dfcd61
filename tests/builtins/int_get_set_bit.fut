-- T.get_bit and T.set_bit, including the sign bit.
-- ==
-- entry: i8_gs
-- input { -128i8 7 0 } output { 1 0i8 }
-- input { 5i8 0 0 } output { 1 4i8 }
-- input { 5i8 1 1 } output { 0 7i8 }
entry i8_gs (x: i8) (bit: i32) (b: i32) : (i32, i8) = (i8.get_bit bit x, i8.set_bit bit x b)

-- ==
-- entry: i16_gs
-- input { -1i16 15 0 } output { 1 32767i16 }
-- input { 0i16 3 1 } output { 0 8i16 }
entry i16_gs (x: i16) (bit: i32) (b: i32) : (i32, i16) = (i16.get_bit bit x, i16.set_bit bit x b)

-- ==
-- entry: i32_gs
-- input { 6i32 1 0 } output { 1 4i32 }
-- input { 6i32 0 1 } output { 0 7i32 }
-- input { -2147483648i32 31 0 } output { 1 0i32 }
entry i32_gs (x: i32) (bit: i32) (b: i32) : (i32, i32) = (i32.get_bit bit x, i32.set_bit bit x b)

-- ==
-- entry: i64_gs
-- input { 1099511627776i64 40 0 } output { 1 0i64 }
-- input { 0i64 63 1 } output { 0 -9223372036854775808i64 }
entry i64_gs (x: i64) (bit: i32) (b: i32) : (i32, i64) = (i64.get_bit bit x, i64.set_bit bit x b)

-- ==
-- entry: u8_gs
-- input { 128u8 7 0 } output { 1 0u8 }
-- input { 0u8 0 1 } output { 0 1u8 }
entry u8_gs (x: u8) (bit: i32) (b: i32) : (i32, u8) = (u8.get_bit bit x, u8.set_bit bit x b)

-- ==
-- entry: u16_gs
-- input { 65535u16 8 0 } output { 1 65279u16 }
entry u16_gs (x: u16) (bit: i32) (b: i32) : (i32, u16) = (u16.get_bit bit x, u16.set_bit bit x b)

-- ==
-- entry: u32_gs
-- input { 2147483648u32 31 0 } output { 1 0u32 }
-- input { 0u32 31 1 } output { 0 2147483648u32 }
entry u32_gs (x: u32) (bit: i32) (b: i32) : (i32, u32) = (u32.get_bit bit x, u32.set_bit bit x b)

-- ==
-- entry: u64_gs
-- input { 9223372036854775808u64 63 0 } output { 1 0u64 }
-- input { 0u64 62 1 } output { 0 4611686018427387904u64 }
entry u64_gs (x: u64) (bit: i32) (b: i32) : (i32, u64) = (u64.get_bit bit x, u64.set_bit bit x b)
