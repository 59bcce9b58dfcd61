-- Integer `**` (docs/CORE.md): it wraps, and a signed negative exponent is a run-time error
-- at the operator, as in Futhark, on every type and in parallel code too; unsigned exponents
-- are never negative (2u32 ** 4294967295u32 wraps to 0), floats give their real powers.
-- ==
-- entry: powers
-- input { 3i32 [0i32, 1i32, 4i32, 31i32] }
-- output { [1i32, 3i32, 81i32, 1264544299i32] }
-- input { 2i32 [1i32, -1i32] }
-- error: negative exponent
-- input { 1i32 [-3i32] }
-- error: negative exponent

-- ==
-- entry: small
-- input { -2i8 3i8 }
-- output { -8i8 }
-- input { -2i8 -1i8 }
-- error: pow_negative\.fut:.*negative exponent

-- ==
-- entry: wide
-- input { 3i64 40i64 }
-- output { -6289078614652622815i64 }
-- input { 3i64 -9223372036854775808i64 }
-- error: negative exponent

-- ==
-- entry: unsigned
-- input { 2u32 [3u32, 4294967295u32] }
-- output { [8u32, 0u32] }

-- ==
-- entry: floats
-- input { 2f64 -1f64 }
-- output { 0.5f64 }

entry powers (b: i32) (xs: []i32) = map (b **) xs
entry small (b: i8) (e: i8) = b ** e
entry wide (b: i64) (e: i64) = b ** e
entry unsigned (b: u32) (xs: []u32) = map (b **) xs
entry floats (b: f64) (e: f64) = b ** e
