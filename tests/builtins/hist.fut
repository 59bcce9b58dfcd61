-- hist: counting, with out-of-range indices ignored; max-histogram; zero bins.
-- ==
-- entry: count
-- input { 4i64 [0i64, 1i64, 1i64, 3i64, 3i64, 3i64, -1i64, 4i64, 99i64] }
-- output { [1, 2, 0, 3] }
-- input { 3i64 empty([0]i64) } output { [0, 0, 0] }
-- input { 0i64 [0i64, 1i64] } output { empty([0]i32) }
entry count (k: i64) (is: []i64) : []i32 = hist (+) 0 k is (map (\_ -> 1) is)

-- ==
-- entry: maxhist
-- input { [0i64, 2i64, 0i64, 2i64] [1.5f32, -3f32, 2.5f32, -1f32] }
-- output { [2.5f32, -f32.inf, -1f32] }
entry maxhist (is: []i64) (vs: []f32) : []f32 = hist f32.max (-f32.inf) 3 is vs

-- Minimum value with its position, per bin (a tuple-valued histogram).
-- ==
-- entry: pairs
-- input { [1i64, 0i64, 1i64, 1i64] [5, 9, 2, 7] } output { [9, 2] [1i64, 2i64] }
entry pairs (is: []i64) (vs: []i32) : ([]i32, []i64) =
  let op (x: i32, i: i64) (y: i32, j: i64) = if x < y || (x == y && i < j) then (x, i) else (y, j)
  in unzip (hist op (i32.highest, -1) 2 is (zip vs (indices vs)))
