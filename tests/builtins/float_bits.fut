-- to_bits/from_bits (IEEE 754 patterns), get_bit/set_bit, num_bits.
-- ==
-- entry: f32bits
-- input { 1f32 } output { 1065353216u32 true }
-- input { -2f32 } output { 3221225472u32 true }
-- input { -0f32 } output { 2147483648u32 true }
entry f32bits (x: f32) : (u32, bool) = (f32.to_bits x, f32.from_bits (f32.to_bits x) == x)

-- ==
-- entry: f64bits
-- input { 1.0 } output { 4607182418800017408u64 }
-- input { 0.1 } output { 4591870180066957722u64 }
-- input { -0.0 } output { 9223372036854775808u64 }
entry f64bits (x: f64) : u64 = f64.to_bits x

-- ==
-- entry: from
-- input { 1078530011u32 4611686018427387904u64 2143289345u32 } output { 3.1415927f32 2.0 true }
entry from (a: u32) (b: u64) (c: u32) : (f32, f64, bool) = (f32.from_bits a, f64.from_bits b, f32.isnan (f32.from_bits c))

-- ==
-- entry: getset
-- input { 0 } output { 1 0 -1f32 -2.0 1 0 32 64 }
entry getset (_: i32) : (i32, i32, f32, f64, i32, i32, i32, i32) =
  (f32.get_bit 31 (-1f32), f32.get_bit 31 1f32, f32.set_bit 31 1f32 1, f64.set_bit 63 2.0 1,
   f64.get_bit 52 1.0, f64.get_bit 0 1.0, f32.num_bits, f64.num_bits)
