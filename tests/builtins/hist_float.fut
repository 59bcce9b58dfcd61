-- hist and reduce_by_index with floating-point and boolean operators.
-- ==
-- entry: fsum
-- input { [0i64, 1i64, 0i64, 1i64, 2i64] [0.5, 1.0, 0.25, 2.0, 8.0] } output { [0.75, 3.0, 8.0, 0.0] }
entry fsum (is: []i64) (vs: []f64) : []f64 = hist (+) 0 4 is vs

-- ==
-- entry: anyhit
-- input { [2i64, 2i64, 0i64] } output { [true, false, true] }
entry anyhit (is: []i64) : []bool = reduce_by_index (replicate 3 false) (||) false is (map (\_ -> true) is)
