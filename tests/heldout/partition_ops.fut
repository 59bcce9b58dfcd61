-- partition and partition2: stable splits (modulo of negatives rounds toward -inf),
-- three-way split around a pivot, partition inside a map, and empty inputs.
-- ==
-- entry: evens_odds
-- input { [3i32, -4i32, 0i32, 7i32, -1i32, 8i32] }
-- output { [-4i32, 0i32, 8i32] [3i32, 7i32, -1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: three_way
-- input { 5i32 [7i32, 5i32, 1i32, 5i32, 9i32, 3i32] }
-- output { [1i32, 3i32] [5i32, 5i32] [7i32, 9i32] }
-- input { 0i32 [1i32, 2i32] }
-- output { empty([0]i32) empty([0]i32) [1i32, 2i32] }

-- ==
-- entry: split_rows
-- input { [[1i32, -2i32, 3i32], [-1i32, -2i32, -3i32]] }
-- output { [[1i32, 3i32, -2i32], [-1i32, -2i32, -3i32]] [2i64, 0i64] }

-- ==
-- entry: mod3_classes
-- input { [-3i64, -2i64, -1i64, 0i64, 1i64, 2i64, 4i64] }
-- output { [-3i64, 0i64] [-2i64, 1i64, 4i64] [-1i64, 2i64] }

entry evens_odds (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 2 == 0) xs

entry three_way (pivot: i32) (xs: []i32) : ([]i32, []i32, []i32) =
  partition2 (< pivot) (== pivot) xs

entry split_rows [n][m] (a: [n][m]i32) : ([n][]i32, [n]i64) =
  let parts = map (\r -> partition (> 0) r) a
  in (map (\(p, q) -> p ++ q) parts, map (\(p, _) -> length p) parts)

entry mod3_classes (xs: []i64) : ([]i64, []i64, []i64) =
  partition2 (\x -> x % 3 == 0) (\x -> x % 3 == 1) xs
