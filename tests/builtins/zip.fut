-- zip/unzip (= zip2/unzip2) round trips and tuples of different element types.
-- ==
-- entry: swap
-- input { [1, 2, 3] [true, false, true] } output { [true, false, true] [1, 2, 3] }
-- input { empty([0]i32) empty([0]bool) } output { empty([0]bool) empty([0]i32) }
entry swap (xs: []i32) (bs: []bool) : ([]bool, []i32) =
  let (ys, cs) = unzip (map (\(x, b) -> (b, x)) (zip xs bs))
  in (ys, cs)

-- ==
-- entry: z2
-- input { [1.5, 2.5] [3i64, 4i64] } output { [1.5, 2.5] [3i64, 4i64] }
entry z2 (xs: []f64) (ys: []i64) : ([]f64, []i64) = unzip2 (zip2 xs ys)

-- Arrays of pairs of arrays.
-- ==
-- entry: nested
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] } output { [[6, 8], [10, 12]] }
entry nested (xss: [][2]i32) (yss: [][2]i32) : [][2]i32 = map (\(xs, ys) -> map2 (+) xs ys) (zip xss yss)
