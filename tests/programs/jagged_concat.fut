-- Concatenation inside map: rows assembled from pieces of different lengths, mirrored
-- rows, and interleaving of a prefix with a fill value.
-- ==
-- entry: padded
-- input { [2i64, 0i64, 3i64] [1i64, 2i64, 0i64] }
-- output { [[0i64, 1i64, -1i64], [-1i64, -1i64], [0i64, 1i64, 2i64]] }

-- ==
-- entry: mirrored
-- input { [3i64, 0i64, 1i64] }
-- output { [[1i64, 2i64, 3i64, 3i64, 2i64, 1i64], empty([0]i64), [1i64, 1i64]] }

-- ==
-- entry: row_lengths
-- input { [2i64, 0i64, 3i64] [1i64, 2i64, 0i64] }
-- output { [3i64, 2i64, 3i64] }

entry padded [m] (as: [m]i64) (bs: [m]i64) : [m][]i64 =
  map2 (\a b -> iota a ++ replicate b (-1)) as bs

entry mirrored (ns: []i64) : [][]i64 =
  map (\n -> let xs = map (+1) (iota n) in xs ++ reverse xs) ns

entry row_lengths [m] (as: [m]i64) (bs: [m]i64) : [m]i64 =
  map length (padded as bs)
