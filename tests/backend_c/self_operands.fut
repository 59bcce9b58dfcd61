-- Binary operations whose two operands are the same variable.  The C backends once wrote
-- `x * (x + 0)` for every such operation (to keep `x != x` free of -Wtautological-compare):
-- on floats that is a real addition, which made -0.0 * -0.0 come out as -0.0 (1 / that is
-- -inf, not inf) and lengthened every square by an addition.  Comparisons (the NaN test)
-- and integer operations must still be right.
-- ==
-- entry: floats
-- input { [-0.0, 2.0, -3.0, f64.nan] }
-- output { [f64.inf, 0.25, 0.1111111111111111, f64.nan] [0.0, 0.0, 0.0, f64.nan] [true, true, true, false] [false, false, false, true] }
entry floats (xs: []f64) : ([]f64, []f64, []bool, []bool) =
  (map (\x -> 1.0 / (x * x)) xs, map (\x -> x - x) xs, map (\x -> x == x) xs, map (\x -> x != x) xs)

-- ==
-- entry: floats32
-- input { [-0.0f32, 3.0f32] }
-- output { [f32.inf, 0.11111111f32] [1.0f32, 1.0f32] }
entry floats32 (xs: []f32) : ([]f32, []f32) =
  (map (\x -> 1.0 / (x * x)) xs, map (\x -> f32.max x x / f32.min x x) (map (\x -> if x == 0.0 then 1.0 else x) xs))

-- ==
-- entry: ints
-- input { [-3i32, 7i32, 2147483647i32] }
-- output { [9i32, 49i32, 1i32] [0i32, 0i32, 0i32] [-3i32, 7i32, 2147483647i32] [true, true, true] }
entry ints (xs: []i32) : ([]i32, []i32, []i32, []bool) =
  (map (\x -> x * x) xs, map (\x -> x ^ x) xs, map (\x -> x & x) xs, map (\x -> x <= x) xs)
