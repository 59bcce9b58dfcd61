-- Conversions to and from bool: T.bool gives 0 or 1; bool.T is x != 0.
-- ==
-- entry: from_bool
-- input { true } output { 1 1i8 1u64 1.0f32 1.0 }
-- input { false } output { 0 0i8 0u64 0.0f32 0.0 }
entry from_bool (b: bool) : (i32, i8, u64, f32, f64) = (i32.bool b, i8.bool b, u64.bool b, f32.bool b, f64.bool b)

-- ==
-- entry: to_bool
-- input { 0 0u8 0.0 } output { false false false }
-- input { -3 255u8 0.5 } output { true true true }
-- input { 256 1u8 -0.0 } output { true true false }
entry to_bool (x: i32) (y: u8) (z: f64) : (bool, bool, bool) = (bool.i32 x, bool.u8 y, bool.f64 z)

-- ==
-- entry: to_bool_all
-- input { 1i8 1i16 1i64 1u16 1u32 1u64 1f32 } output { true }
-- input { 0i8 0i16 0i64 0u16 0u32 0u64 0f32 } output { false }
entry to_bool_all (a: i8) (b: i16) (c: i64) (d: u16) (e: u32) (f: u64) (g: f32) : bool =
  bool.i8 a && bool.i16 b && bool.i64 c && bool.u16 d && bool.u32 e && bool.u64 f && bool.f32 g || bool.bool false

-- ==
-- entry: count_true
-- input { [true, false, true, true] } output { 3 }
entry count_true (bs: []bool) : i32 = i32.sum (map i32.bool bs)
