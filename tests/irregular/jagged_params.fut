-- Jagged arrays as entry parameters: a parameter whose inner dimensions are unnamed (`[][]i32`)
-- takes rows of different lengths, at any depth and of tuple elements; the results come back
-- in the same form (docs/EXECUTABLES.md, "Jagged arrays").
-- ==
-- entry: row_sums
-- input { [[1, 2, 3], [4], []] } output { [6, 4, 0] }
-- input { [[1, 2], [3, 4]] } output { [3, 7] }
-- input { empty([0][0]i32) } output { empty([0]i32) }
-- input { [empty([0]i32), empty([0]i32)] } output { [0, 0] }
-- input { [[7], [], [1, -1, 5, 9, 2]] } output { [7, 0, 16] }

-- ==
-- entry: deep_sum
-- input { [[[1i64], [2i64, 3i64]], [], [[4i64, 5i64, 6i64], empty([0]i64), [7i64]]] } output { 28i64 [2i64, 0i64, 3i64] }
-- input { [[empty([0]i64)]] } output { 0i64 [1i64] }

-- ==
-- entry: doubled
-- input { [[1i64, 2i64, 3i64], [4i64], []] } output { [[2i64, 4i64, 6i64], [8i64], empty([0]i64)] }

-- ==
-- entry: pairs
-- input { [[1, 2], [3]] [[0.5, 1.5], [2.5]] } output { [3.5f64, 7.5f64] }

-- ==
-- entry: lengths
-- input { [[1, 2, 3], [4], []] } output { [3i64, 1i64, 0i64] 3i64 }

-- ==
-- entry: nth
-- input { [[1, 2, 3], [4], []] 0i64 2i64 } output { 3 }
-- input { [[1, 2, 3], [4], []] 1i64 1i64 } error: Index \[1, 1\] out of bounds
-- input { [[1, 2, 3], [4], []] 3i64 0i64 } error: Index \[3, 0\] out of bounds

entry row_sums (m: [][]i32) : []i32 = map (\r -> reduce (+) 0 r) m

entry deep_sum (m: [][][]i64) : (i64, []i64) =
  (reduce (+) 0 (map (\rs -> reduce (+) 0 (map (\r -> reduce (+) 0 r) rs)) m), map length m)

entry doubled [d] (m: [d][]i64) : [d][]i64 = map (\r -> map (* 2) r) m

entry pairs (xs: [][]i32) (ys: [][]f64) : []f64 =
  map2 (\x y -> reduce (+) 0 (map2 (\a b -> f64.i32 a * b) x y)) xs ys

entry lengths (m: [][]i32) : ([]i64, i64) = (map length m, length m)

entry nth (m: [][]i32) (i: i64) (j: i64) : i32 = m[i, j]
