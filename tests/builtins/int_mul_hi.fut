-- T.mul_hi (high half of the double-width product, signed or unsigned by type) and T.mad_hi.
-- ==
-- entry: i8_mulhi
-- input { 100i8 100i8 1i8 } output { 39i8 40i8 }
-- input { -128i8 -128i8 0i8 } output { 64i8 64i8 }
-- input { -1i8 1i8 5i8 } output { -1i8 4i8 }
entry i8_mulhi (x: i8) (y: i8) (c: i8) : (i8, i8) = (i8.mul_hi x y, i8.mad_hi x y c)

-- ==
-- entry: i16_mulhi
-- input { -300i16 300i16 0i16 } output { -2i16 -2i16 }
-- input { 32767i16 32767i16 -1i16 } output { 16383i16 16382i16 }
entry i16_mulhi (x: i16) (y: i16) (c: i16) : (i16, i16) = (i16.mul_hi x y, i16.mad_hi x y c)

-- ==
-- entry: i32_mulhi
-- input { 2147483647i32 2i32 0i32 } output { 0i32 0i32 }
-- input { -2147483648i32 2147483647i32 10i32 } output { -1073741824i32 -1073741814i32 }
-- input { -1i32 -1i32 0i32 } output { 0i32 0i32 }
entry i32_mulhi (x: i32) (y: i32) (c: i32) : (i32, i32) = (i32.mul_hi x y, i32.mad_hi x y c)

-- ==
-- entry: i64_mulhi
-- input { 9223372036854775807i64 9223372036854775807i64 0i64 } output { 4611686018427387903i64 4611686018427387903i64 }
-- input { -9223372036854775808i64 3i64 1i64 } output { -2i64 -1i64 }
-- input { 123456789i64 987654321i64 0i64 } output { 0i64 0i64 }
entry i64_mulhi (x: i64) (y: i64) (c: i64) : (i64, i64) = (i64.mul_hi x y, i64.mad_hi x y c)

-- ==
-- entry: u8_mulhi
-- input { 255u8 255u8 0u8 } output { 254u8 254u8 }
-- input { 16u8 16u8 3u8 } output { 1u8 4u8 }
entry u8_mulhi (x: u8) (y: u8) (c: u8) : (u8, u8) = (u8.mul_hi x y, u8.mad_hi x y c)

-- ==
-- entry: u16_mulhi
-- input { 65535u16 2u16 1u16 } output { 1u16 2u16 }
entry u16_mulhi (x: u16) (y: u16) (c: u16) : (u16, u16) = (u16.mul_hi x y, u16.mad_hi x y c)

-- ==
-- entry: u32_mulhi
-- input { 4294967295u32 4294967295u32 0u32 } output { 4294967294u32 4294967294u32 }
-- input { 65536u32 65536u32 7u32 } output { 1u32 8u32 }
entry u32_mulhi (x: u32) (y: u32) (c: u32) : (u32, u32) = (u32.mul_hi x y, u32.mad_hi x y c)

-- ==
-- entry: u64_mulhi
-- input { 18446744073709551615u64 18446744073709551615u64 0u64 } output { 18446744073709551614u64 18446744073709551614u64 }
-- input { 4294967296u64 4294967296u64 0u64 } output { 1u64 1u64 }
-- input { 1099511627776u64 3u64 2u64 } output { 0u64 2u64 }
entry u64_mulhi (x: u64) (y: u64) (c: u64) : (u64, u64) = (u64.mul_hi x y, u64.mad_hi x y c)
