-- Filters whose elements nobody reads, only how many there are (src/opt/count.c: they become
-- counts, a reduction over the predicate), next to filters and partitions whose elements are
-- read (src/backend/emit_soac.c writes those without a branch on the predicate).  Outputs
-- counted by hand.
-- ==
-- entry: counts
-- input { [3i32, -1i32, 0i32, -7i32, 9i32, 6i32, -3i32] }
-- output { 4i64 5i64 }
-- input { empty([0]i32) }
-- output { 0i64 0i64 }

-- ==
-- entry: row_counts
-- input { [[1i32, -2i32, 3i32], empty([0]i32), [-1i32, -1i32], [5i32, 6i32, 7i32, 8i32]] }
-- output { [2i64, 0i64, 0i64, 4i64] }

-- ==
-- entry: pair_count
-- input { [1i32, 5i32, 3i32, 8i32] [2i32, 4i32, 3i32, 9i32] }
-- output { 2i64 }

-- ==
-- entry: count_and_keep
-- input { [4i32, -5i32, 6i32, -7i32, 8i32] }
-- output { 3i64 [-5i32, -7i32] [4i32, 6i32, 8i32] [-5i32, -7i32] }
-- input { [1i32] }
-- output { 1i64 empty([0]i32) [1i32] empty([0]i32) }

-- ==
-- entry: counted_index
-- input { [0i64, 2i64, 1i64] [10i32, -20i32, 30i32] }
-- output { 2i64 }
-- input { [0i64, 3i64] [10i32, -20i32, 30i32] }
-- error: out of bounds

-- ==
-- entry: partition_counts
-- input { [3i32, -1i32, 0i32, -7i32, 9i32, 6i32, -3i32] }
-- output { 3i64 4i64 }
-- input { empty([0]i32) }
-- output { 0i64 0i64 }

-- ==
-- entry: concat_length
-- input { [3i32, -1i32, 0i32, -7i32] [9i32, 6i32, -3i32] }
-- output { 8i64 }
-- input { empty([0]i32) [1i32] }
-- output { 2i64 }

-- ==
-- entry: row_parts
-- input { [[5i32, 1i32, 9i32, 5i32], empty([0]i32), [2i32, 2i32], [7i32, 3i32, 8i32]] }
-- output { [4i64, 0i64, 2i64, 3i64] [1i64, 0i64, 0i64, 1i64] }

entry counts (xs: []i32) : (i64, i64) =
  (length (filter (\x -> x >= 0) xs), length (filter (\x -> x % 3 == 0) xs))

entry row_counts (xss: [][]i32) : []i64 = map (\xs -> length (filter (> 0) xs)) xss

entry pair_count (xs: []i32) (ys: []i32) : i64 = length (filter (\(a, b) -> a < b) (zip xs ys))

entry count_and_keep (xs: []i32) : (i64, []i32, []i32, []i32) =
  let (pos, neg) = partition (> 0) xs
  in (length (filter (> 0) xs), filter (< 0) xs, pos, neg)

-- the predicate may fail: the count still runs it on every element
entry counted_index (is: []i64) (xs: []i32) : i64 = length (filter (\i -> xs[i] > 0) is)

entry partition_counts (xs: []i32) : (i64, i64) =
  let (pos, rest) = partition (> 0) xs
  in (length pos, length rest)

-- the concatenation is not written: its length is the sum of its parts' (also counted)
entry concat_length (xs: []i32) (ys: []i32) : i64 =
  length (filter (> 0) xs ++ filter (<= 0) xs ++ ys ++ [0])

-- one quicksort step's row sizes, [lt, eq, gt] flattened per row (only its length read), and
-- how many are below the row's first element
entry row_parts (xss: [][]i32) : ([]i64, []i64) =
  unzip (map (\xs -> if length xs == 0 then (0, 0)
                     else let p = xs[0]
                          let (lt, eq, gt) = partition2 (< p) (== p) xs
                          in (length (lt ++ eq ++ gt), length lt)) xss)
