-- scatter: inverse permutation, stream compaction (scan + scatter), out-of-range indices
-- being ignored, scatter_2d onto a diagonal, and spread.
-- ==
-- entry: inverse_perm
-- input { [2i64, 0i64, 3i64, 1i64] }
-- output { [1i64, 3i64, 0i64, 2i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }

-- ==
-- entry: compact_pos
-- input { [3i32, -1i32, 0i32, 7i32, -2i32, 5i32] }
-- output { [3i32, 7i32, 5i32] }
-- input { [-1i32, -2i32] }
-- output { empty([0]i32) }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: scatter_oob
-- input { 5i64 [0i64, 7i64, -1i64, 4i64, 2i64] [10i32, 20i32, 30i32, 40i32, 50i32] }
-- output { [10i32, 0i32, 50i32, 0i32, 40i32] }
-- input { 0i64 [0i64, 1i64] [1i32, 2i32] }
-- output { empty([0]i32) }

-- ==
-- entry: diag
-- input { [1.0f32, 2.0f32, 3.0f32] }
-- output { [[1.0f32, 0.0f32, 0.0f32], [0.0f32, 2.0f32, 0.0f32], [0.0f32, 0.0f32, 3.0f32]] }

-- ==
-- entry: spread_test
-- input { 4i64 [3i64, 0i64, 9i64] [7i32, 8i32, 1i32] }
-- output { [8i32, -1i32, -1i32, 7i32] }

entry inverse_perm [n] (p: [n]i64) : [n]i64 = scatter (replicate n 0) p (iota n)

entry compact_pos [n] (xs: [n]i32) : []i32 =
  let keep = map (> 0) xs
  let pos = scan (+) 0 (map i64.bool keep)
  let m = if n == 0 then 0 else pos[n - 1]
  let idx = map2 (\k p -> if k then p - 1 else -1) keep pos
  in scatter (replicate m 0) idx xs

entry scatter_oob [k] (n: i64) (is: [k]i64) (vs: [k]i32) : []i32 =
  scatter (replicate n 0) is vs

entry diag [n] (vs: [n]f32) : [n][n]f32 =
  scatter_2d (replicate n (replicate n 0f32)) (map (\i -> (i, i)) (iota n)) vs

entry spread_test [k] (n: i64) (is: [k]i64) (vs: [k]i32) : []i32 = spread n (-1) is vs
