-- filter inside map: each row of a regular matrix keeps a different number of elements,
-- giving a jagged result; its row lengths and row sums.
-- ==
-- entry: evens
-- input { [[1i32, 2i32, 3i32, 4i32], [5i32, 7i32, 9i32, 11i32], [2i32, 2i32, 8i32, 6i32], [0i32, 1i32, 3i32, 5i32]] }
-- output { [[2i32, 4i32], empty([0]i32), [2i32, 2i32, 8i32, 6i32], [0i32]] }
-- input { [[1i32, 3i32]] }
-- output { [empty([0]i32)] }

-- ==
-- entry: above_mean
-- input { [[1.0f32, 2.0f32, 3.0f32, 6.0f32], [5.0f32, 5.0f32, 5.0f32, 5.0f32], [-1.0f32, 0.0f32, 1.0f32, 4.0f32]] }
-- output { [[6.0f32], empty([0]f32), [4.0f32]] }

-- ==
-- entry: counts
-- input { [[1i32, 2i32, 3i32, 4i32], [5i32, 7i32, 9i32, 11i32], [2i32, 2i32, 8i32, 6i32], [0i32, 1i32, 3i32, 5i32]] }
-- output { [2i64, 4i64, 2i64, 2i64] }

-- ==
-- entry: sums_of_odds
-- input { [[1i32, 2i32, 3i32, 4i32], [5i32, 7i32, 9i32, 11i32], [2i32, 2i32, 8i32, 6i32], [0i32, 1i32, 3i32, 5i32]] }
-- output { [4i32, 32i32, 0i32, 9i32] }

entry evens [n][m] (xss: [n][m]i32) : [n][]i32 =
  map (\row -> filter (\x -> x % 2 == 0) row) xss

entry above_mean [n][m] (xss: [n][m]f32) : [n][]f32 =
  map (\row -> let mean = f32.sum row / f32.i64 m
               in filter (> mean) row) xss

entry counts [n][m] (xss: [n][m]i32) : [n]i64 =
  map (\row -> length (filter (> 2) row)) xss

entry sums_of_odds [n][m] (xss: [n][m]i32) : [n]i32 =
  let odds = map (filter (\x -> x % 2 != 0)) xss
  in map i32.sum odds
