-- Float-to-integer conversion truncates towards zero.
-- ==
-- entry: f32_to
-- input { -2.7f32 } output { -2 -2i64 -2i8 }
-- input { 2.7f32 } output { 2 2i64 2i8 }
-- input { -0.5f32 } output { 0 0i64 0i8 }
-- input { 100.99f32 } output { 100 100i64 100i8 }
entry f32_to (x: f32) : (i32, i64, i8) = (i32.f32 x, i64.f32 x, i8.f32 x)

-- ==
-- entry: f64_to
-- input { 2.999 } output { 2 2i64 2u8 2u64 }
-- input { 200.9 } output { 200 200i64 200u8 200u64 }
-- input { 1e15 } output { -1530494976 1000000000000000i64 0u8 1000000000000000u64 }
entry f64_to (x: f64) : (i32, i64, u8, u64) = (i32.i64 (i64.f64 x), i64.f64 x, u8.u64 (u64.f64 x), u64.f64 x)

-- ==
-- entry: big
-- input { 3e9 } output { 3000000000u32 3000000000i64 }
entry big (x: f64) : (u32, i64) = (u32.f64 x, i64.f64 x)
