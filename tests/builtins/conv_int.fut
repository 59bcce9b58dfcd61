-- Integer-to-integer conversions: truncation wraps, signed sources sign-extend to signed types,
-- and zero-extend to unsigned ones (u32.i8 (-1i8) is 255u32, as in Futhark); unsigned sources
-- zero-extend.
-- ==
-- entry: narrow
-- input { 300 } output { 44i8 44u8 300i16 }
-- input { -129 } output { 127i8 127u8 -129i16 }
-- input { -1 } output { -1i8 255u8 -1i16 }
-- input { 70000 } output { 112i8 112u8 4464i16 }
entry narrow (x: i32) : (i8, u8, i16) = (i8.i32 x, u8.i32 x, i16.i32 x)

-- ==
-- entry: widen_signed
-- input { -1i8 } output { -1 255u32 -1i64 255u64 }
-- input { 100i8 } output { 100 100u32 100i64 100u64 }
entry widen_signed (x: i8) : (i32, u32, i64, u64) = (i32.i8 x, u32.i8 x, i64.i8 x, u64.i8 x)

-- ==
-- entry: widen_unsigned
-- input { 255u8 } output { 255 255i16 255u32 255i64 }
-- input { 128u8 } output { 128 128i16 128u32 128i64 }
entry widen_unsigned (x: u8) : (i32, i16, u32, i64) = (i32.u8 x, i16.u8 x, u32.u8 x, i64.u8 x)

-- ==
-- entry: same_width
-- input { 4294967295u32 -2147483648 } output { -1 2147483648u32 4294967295i64 }
entry same_width (x: u32) (y: i32) : (i32, u32, i64) = (i32.u32 x, u32.i32 y, i64.u32 x)

-- ==
-- entry: from64
-- input { 18446744073709551615u64 -9223372036854775807i64 } output { -1i16 -1 1i8 9223372036854775809u64 }
entry from64 (x: u64) (y: i64) : (i16, i32, i8, u64) = (i16.u64 x, i32.u64 x, i8.i64 y, u64.i64 y)

-- ==
-- entry: ident
-- input { -7i16 } output { -7i16 }
entry ident (x: i16) : i16 = i16.i16 x
