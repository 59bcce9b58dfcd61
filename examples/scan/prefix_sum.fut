-- Prefix sums (seed 002, program 1): `scan (+) 0` over i32 (wrapping on overflow) and f32,
-- and an exclusive i64 variant. `verify_sum_i32` checks a result against its input in O(n)
-- (bench/scan/apps.sh uses it on the big inputs).
-- ==
-- entry: sum_i32
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 3i32, 6i32, 10i32, 15i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [2147483647i32, 1i32, -5i32] }
-- output { [2147483647i32, -2147483648i32, 2147483643i32] }
-- input { [-3i32, 3i32, -3i32, 3i32] }
-- output { [-3i32, 0i32, -3i32, 0i32] }
-- input { [42i32] }
-- output { [42i32] }
-- input { [-2147483648i32, -1i32, 1i32] }
-- output { [-2147483648i32, 2147483647i32, -2147483648i32] }

-- ==
-- entry: sum_f32
-- input { [0.5f32, 0.25f32, 1.0f32, -2.0f32] }
-- output { [0.5f32, 0.75f32, 1.75f32, -0.25f32] }
-- input { [1000.0f32, 0.001f32, 2.0f32] }
-- output { [1000.0f32, 1000.001f32, 1002.001f32] }
-- input { empty([0]f32) }
-- output { empty([0]f32) }
-- input { [16777216.0f32, 1.0f32] }
-- output { [16777216.0f32, 16777216.0f32] }

-- ==
-- entry: exclusive
-- input { [5i64, 1i64, 4i64, 2i64] }
-- output { [0i64, 5i64, 6i64, 10i64] }
-- input { [7i64] }
-- output { [0i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }

-- ==
-- entry: verify_sum_i32
-- input { [1i32, 2i32, 3i32] [1i32, 3i32, 6i32] }
-- output { true }
-- input { [1i32, 2i32, 3i32] [1i32, 3i32, 7i32] }
-- output { false }
-- input { [1i32, 2i32, 3i32] [1i32, 3i32] }
-- output { false }
-- input { empty([0]i32) empty([0]i32) }
-- output { true }

entry sum_i32 (xs: []i32) : []i32 = scan (+) 0 xs

entry sum_f32 (xs: []f32) : []f32 = scan (+) 0f32 xs

entry exclusive (xs: []i64) : []i64 =
  let inc = scan (+) 0 xs
  in map2 (-) inc xs

-- ys is the inclusive prefix sum of xs: ys[0] = xs[0] and ys[i] = ys[i-1] + xs[i].
entry verify_sum_i32 (xs: []i32) (ys: []i32) : bool =
  length xs == length ys
  && and (map (\i -> ys[i] == (if i == 0 then 0 else ys[i-1]) + xs[i]) (indices xs))
