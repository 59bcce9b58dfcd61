-- Flattening lecture's running example in nested form: element i becomes
-- [i+1, i+2, ..., 2i]; the replicate/map2 formulation must agree, and so must its flattening.
-- ==
-- entry: nested
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { [[2i64], [3i64, 4i64], [4i64, 5i64, 6i64], [5i64, 6i64, 7i64, 8i64]] }
-- input { [0i64, 3i64, 0i64] }
-- output { [empty([0]i64), [4i64, 5i64, 6i64], empty([0]i64)] }
-- input { [5i64] }
-- output { [[6i64, 7i64, 8i64, 9i64, 10i64]] }

-- ==
-- entry: with_replicate
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { [[2i64], [3i64, 4i64], [4i64, 5i64, 6i64], [5i64, 6i64, 7i64, 8i64]] }
-- input { [2i64, 0i64, 1i64] }
-- output { [[3i64, 4i64], empty([0]i64), [2i64]] }

-- ==
-- entry: flat_sum
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { 50i64 }
-- input { empty([0]i64) }
-- output { 0i64 }
-- input { [10i64, 0i64, 7i64] }
-- output { 232i64 }

entry nested (arr: []i64) : [][]i64 =
  map (\i -> map (+(i+1)) (iota i)) arr

entry with_replicate (arr: []i64) =
  map (\i -> let ip1 = i + 1
             let iot = iota i
             let ip1r = replicate i ip1
             in map2 (+) ip1r iot) arr

entry flat_sum (arr: []i64) : i64 =
  flatten (nested arr) |> i64.sum
