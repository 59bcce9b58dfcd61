-- hist and reduce_by_index: grade buckets (floor division sends negatives out of range),
-- per-key maximum, per-key mean via a tuple operator, accumulation into a non-neutral
-- destination, and a 2-D histogram.
-- ==
-- entry: grades
-- input { [0i32, 19i32, 20i32, 55i32, 99i32, 100i32, -5i32, 61i32, 79i32, 80i32] }
-- output { [2i64, 1i64, 1i64, 2i64, 2i64] }
-- input { empty([0]i32) }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64] }

-- ==
-- entry: max_by_key
-- input { 3i64 [0i64, 2i64, 0i64, 1i64, 2i64, 2i64] [5i32, -1i32, 7i32, 3i32, -8i32, 0i32] }
-- output { [7i32, 3i32, 0i32] }
-- input { 4i64 [0i64, 2i64, 0i64, 1i64, 2i64, 2i64] [5i32, -1i32, 7i32, 3i32, -8i32, 0i32] }
-- output { [7i32, 3i32, 0i32, -2147483648i32] }

-- ==
-- entry: mean_by_key
-- input { 3i64 [1i64, 1i64, 0i64, 1i64] [1.0, 2.0, 10.0, 6.0] }
-- output { [10.0, 3.0, 0.0] }

-- ==
-- entry: add_into
-- input { [100i32, 200i32] [0i64, 0i64, 1i64, 2i64] [1i32, 2i32, 3i32, 4i32] }
-- output { [103i32, 203i32] }

-- ==
-- entry: grid_counts
-- input { [0i64, 1i64, 1i64, 0i64, 5i64] [0i64, 2i64, 2i64, 1i64, 0i64] }
-- output { [[1i32, 1i32, 0i32], [0i32, 0i32, 2i32]] }

entry grades (scores: []i32) : []i64 =
  hist (+) 0 5 (map (\s -> i64.i32 (s / 20)) scores) (map (\_ -> 1) scores)

entry max_by_key [n] (k: i64) (keys: [n]i64) (vals: [n]i32) : []i32 =
  reduce_by_index (replicate k i32.lowest) i32.max i32.lowest keys vals

entry mean_by_key [n] (k: i64) (keys: [n]i64) (vals: [n]f64) : []f64 =
  let r = reduce_by_index (replicate k (0i64, 0f64))
                          (\(c1, s1) (c2, s2) -> (c1 + c2, s1 + s2)) (0, 0)
                          keys (map (\v -> (1, v)) vals)
  in map (\(c, s) -> if c == 0 then 0 else s / f64.i64 c) r

entry add_into [n][k] (dest: [k]i32) (is: [n]i64) (vs: [n]i32) : [k]i32 =
  reduce_by_index (copy dest) (+) 0 is vs

entry grid_counts [n] (xs: [n]i64) (ys: [n]i64) : [2][3]i32 =
  reduce_by_index_2d (replicate 2 (replicate 3 0)) (+) 0 (zip xs ys) (replicate n 1)
