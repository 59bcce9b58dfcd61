-- Histograms with hist and reduce_by_index: counting (out-of-range indices are ignored),
-- per-bucket maxima, and bucketing float scores.
-- ==
-- entry: counts
-- input { 4i64 [0i64, 1i64, 1i64, 3i64, 3i64, 3i64] }
-- output { [1i32, 2i32, 0i32, 3i32] }
-- input { 3i64 [-1i64, 5i64, 2i64, 2i64, 0i64, 3i64] }
-- output { [1i32, 0i32, 2i32] }
-- input { 2i64 empty([0]i64) }
-- output { [0i32, 0i32] }

-- ==
-- entry: maxima
-- input { 3i64 [0i64, 2i64, 0i64, 2i64, 1i64, 0i64] [5i32, -1i32, 7i32, 3i32, -9i32, 6i32] }
-- output { [7i32, -9i32, 3i32] }
-- input { 4i64 [1i64, 1i64] [2i32, 3i32] }
-- output { [-2147483648i32, 3i32, -2147483648i32, -2147483648i32] }

-- ==
-- entry: grades
-- input { [95.0f32, 12.5f32, 40.0f32, 59.5f32, 60.0f32, 100.0f32, 0.0f32, 79.0f32, 81.0f32] }
-- output { [2i32, 0i32, 2i32, 2i32, 3i32] }

entry counts (k: i64) (xs: []i64) : []i32 =
  hist (+) 0 k xs (map (\_ -> 1) xs)

entry maxima [n] (k: i64) (is: [n]i64) (vs: [n]i32) : []i32 =
  reduce_by_index (replicate k i32.lowest) i32.max i32.lowest is vs

entry grades (scores: []f32) : [5]i32 =
  let bucket s = i64.max 0 (i64.min 4 (i64.f32 (s / 20)))
  in reduce_by_index (replicate 5 0) (+) 0 (map bucket scores) (map (\_ -> 1) scores)
