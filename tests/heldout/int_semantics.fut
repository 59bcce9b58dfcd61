-- Integer semantics: / and % round toward negative infinity, // and %% truncate, on i32
-- and on large i64 values; u8 wraparound; unsigned division/comparison; conversions that
-- wrap, sign-extend or zero-extend; division by zero is a run-time error.
-- ==
-- entry: divmod
-- input { [7i32, -7i32, 7i32, -7i32, 0i32, 5i32] [2i32, 2i32, -2i32, -2i32, 3i32, 5i32] }
-- output { [3i32, -4i32, -4i32, 3i32, 0i32, 1i32] [1i32, 1i32, -1i32, -1i32, 0i32, 0i32] [3i32, -3i32, -3i32, 3i32, 0i32, 1i32] [1i32, -1i32, 1i32, -1i32, 0i32, 0i32] }
-- input { [1i32] [0i32] }
-- error: division by zero

-- ==
-- entry: divmod64
-- input { [-9223372036854775807i64, 10000000000i64] [1000000000000i64, -3i64] }
-- output { [-9223373i64, -3333333334i64] [963145224193i64, -2i64] [-9223372i64, -3333333333i64] [-36854775807i64, 1i64] }

-- ==
-- entry: u8_ops
-- input { [200u8, 0u8, 255u8, 16u8] [100u8, 1u8, 255u8, 16u8] }
-- output { [44u8, 1u8, 254u8, 32u8] [100u8, 255u8, 0u8, 0u8] [32u8, 0u8, 1u8, 0u8] 75u8 }

-- ==
-- entry: u32_ops
-- input { 4294967295u32 2u32 }
-- output { 2147483647u32 1u32 true }
-- input { 5u32 4294967295u32 }
-- output { 0u32 5u32 false }

-- ==
-- entry: convs
-- input { 200u8 -1i32 }
-- output { 200i64 -56i8 255u8 4294967295u64 -1i32 }
-- input { 5u8 300i32 }
-- output { 5i64 5i8 44u8 300u64 300i32 }

-- ==
-- entry: i8_edges
-- input { -128i8 }
-- output { -128i8 -128i8 -43i8 1i8 -42i8 -2i8 -127i8 }
-- input { 127i8 }
-- output { -127i8 127i8 42i8 1i8 42i8 1i8 -128i8 }

entry divmod [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32, [n]i32, [n]i32) =
  (map2 (/) xs ys, map2 (%) xs ys, map2 (//) xs ys, map2 (%%) xs ys)

entry divmod64 [n] (xs: [n]i64) (ys: [n]i64) : ([n]i64, [n]i64, [n]i64, [n]i64) =
  (map2 (/) xs ys, map2 (%) xs ys, map2 (//) xs ys, map2 (%%) xs ys)

entry u8_ops [n] (xs: [n]u8) (ys: [n]u8) : ([n]u8, [n]u8, [n]u8, u8) =
  (map2 (+) xs ys, map2 (-) xs ys, map2 (*) xs ys, u8.sum (xs ++ ys))

entry u32_ops (a: u32) (b: u32) : (u32, u32, bool) = (a / b, a % b, a > b)

entry convs (x: u8) (y: i32) : (i64, i8, u8, u64, i32) =
  (i64.u8 x, i8.u8 x, u8.i32 y, u64.i32 y, i32.u32 (u32.i32 y))

entry i8_edges (x: i8) : (i8, i8, i8, i8, i8, i8, i8) =
  (i8.neg x, i8.abs x, x / 3, x % 3, x // 3, x %% 3, x + 1)
