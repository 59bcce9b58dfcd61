-- T.popc, T.clz, T.ctz for every integer type, including 0 (clz/ctz give the bit width) and all-ones.
-- ==
-- entry: i8_bits
-- input { 0i8 } output { 0 8 8 }
-- input { 1i8 } output { 1 7 0 }
-- input { -1i8 } output { 8 0 0 }
-- input { -128i8 } output { 1 0 7 }
-- input { 96i8 } output { 2 1 5 }
entry i8_bits (x: i8) : (i32, i32, i32) = (i8.popc x, i8.clz x, i8.ctz x)

-- ==
-- entry: i16_bits
-- input { 0i16 } output { 0 16 16 }
-- input { -1i16 } output { 16 0 0 }
-- input { 256i16 } output { 1 7 8 }
-- input { 4097i16 } output { 2 3 0 }
entry i16_bits (x: i16) : (i32, i32, i32) = (i16.popc x, i16.clz x, i16.ctz x)

-- ==
-- entry: i32_bits
-- input { 0i32 } output { 0 32 32 }
-- input { 1i32 } output { 1 31 0 }
-- input { -1i32 } output { 32 0 0 }
-- input { -2147483648i32 } output { 1 0 31 }
-- input { 40i32 } output { 2 26 3 }
-- input { 65535i32 } output { 16 16 0 }
entry i32_bits (x: i32) : (i32, i32, i32) = (i32.popc x, i32.clz x, i32.ctz x)

-- ==
-- entry: i64_bits
-- input { 0i64 } output { 0 64 64 }
-- input { -1i64 } output { 64 0 0 }
-- input { 1i64 } output { 1 63 0 }
-- input { -9223372036854775808i64 } output { 1 0 63 }
-- input { 1099511627776i64 } output { 1 23 40 }
entry i64_bits (x: i64) : (i32, i32, i32) = (i64.popc x, i64.clz x, i64.ctz x)

-- ==
-- entry: u8_bits
-- input { 0u8 } output { 0 8 8 }
-- input { 255u8 } output { 8 0 0 }
-- input { 128u8 } output { 1 0 7 }
-- input { 6u8 } output { 2 5 1 }
entry u8_bits (x: u8) : (i32, i32, i32) = (u8.popc x, u8.clz x, u8.ctz x)

-- ==
-- entry: u16_bits
-- input { 0u16 } output { 0 16 16 }
-- input { 65535u16 } output { 16 0 0 }
-- input { 32768u16 } output { 1 0 15 }
-- input { 12u16 } output { 2 12 2 }
entry u16_bits (x: u16) : (i32, i32, i32) = (u16.popc x, u16.clz x, u16.ctz x)

-- ==
-- entry: u32_bits
-- input { 0u32 } output { 0 32 32 }
-- input { 4294967295u32 } output { 32 0 0 }
-- input { 2147483648u32 } output { 1 0 31 }
-- input { 1u32 } output { 1 31 0 }
-- input { 160u32 } output { 2 24 5 }
entry u32_bits (x: u32) : (i32, i32, i32) = (u32.popc x, u32.clz x, u32.ctz x)

-- ==
-- entry: u64_bits
-- input { 0u64 } output { 0 64 64 }
-- input { 18446744073709551615u64 } output { 64 0 0 }
-- input { 9223372036854775808u64 } output { 1 0 63 }
-- input { 1u64 } output { 1 63 0 }
-- input { 3145728u64 } output { 2 42 20 }
entry u64_bits (x: u64) : (i32, i32, i32) = (u64.popc x, u64.clz x, u64.ctz x)
