-- Seed 004's rule 3: a replicate of a computed length read by the inner SOAC of an irregular
-- map is never built; each point of the flattened version reads the replicated value.  Sums,
-- a scan whose rows are the results, and a map over the replicate and an iota together; the
-- expected values by hand.
-- ==
-- entry: sums
-- input { [3i64, 0i64, 1i64, 4i64] } output { [27i64, 0i64, 3i64, 48i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
-- input { [0i64, 0i64] } output { [0i64, 0i64] }
-- input { [2i64, -1i64] } error: negative

-- k copies of 3k: k * 3k
entry sums (ks: []i64) : []i64 = map (\k -> reduce (+) 0 (replicate k (k * 3))) ks

-- ==
-- entry: running
-- input { [3i64, 0i64, 2i64] } output { [2i32, 4i32, 6i32, 2i32, 4i32] [3i64, 0i64, 2i64] }

-- the running sums of k copies of 2 (the rows flat, and their lengths)
entry running (ks: []i64) : ([]i32, []i64) =
  let rows = map (\k -> scan (+) 0 (replicate k 2i32)) ks
  in (flatten rows, map length rows)

-- ==
-- entry: ramps
-- input { [3i64, 1i64, 0i64, 2i64] } output { [20i64, 1i64, 0i64, 4i64] }

-- the sum over the even j < k of k*k + j: a map over the replicate and an iota together
entry ramps (ks: []i64) : []i64 =
  map (\k -> reduce (+) 0 (map2 (\c j -> if j % 2 == 0 then c + j else 0) (replicate k (k * k)) (iota k))) ks
