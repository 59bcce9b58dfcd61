-- Run-length coding: decoding flattens a jagged array of replicates; encoding finds run
-- heads by comparing neighbours and measures runs from their positions.
-- ==
-- entry: decode
-- input { [2i64, 0i64, 3i64, 1i64] [7i32, 8i32, 9i32, 10i32] }
-- output { [7i32, 7i32, 9i32, 9i32, 9i32, 10i32] }
-- input { empty([0]i64) empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: decode_nested
-- input { [2i64, 0i64, 3i64, 1i64] [7i32, 8i32, 9i32, 10i32] }
-- output { [[7i32, 7i32], empty([0]i32), [9i32, 9i32, 9i32], [10i32]] }

-- ==
-- entry: encode
-- input { [1i32, 1i32, 2i32, 2i32, 2i32, 3i32, 1i32, 1i32] }
-- output { [1i32, 2i32, 3i32, 1i32] [2i64, 3i64, 1i64, 2i64] }
-- input { [5i32] }
-- output { [5i32] [1i64] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i64) }
-- input { [4i32, 4i32, 4i32, 4i32] }
-- output { [4i32] [4i64] }

entry decode [m] (counts: [m]i64) (vals: [m]i32) : []i32 =
  flatten (map2 replicate counts vals)

entry decode_nested [m] (counts: [m]i64) (vals: [m]i32) : [m][]i32 =
  map2 replicate counts vals

entry encode [n] (xs: [n]i32) : ([]i32, []i64) =
  let heads = filter (\i -> i == 0 || xs[i] != xs[i-1]) (iota n)
  let k = length heads
  let vals = map (\i -> xs[i]) heads
  let counts = map (\j -> (if j == k - 1 then n else heads[j+1]) - heads[j]) (iota k)
  in (vals, counts)
