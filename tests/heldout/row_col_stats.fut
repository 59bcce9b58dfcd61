-- Nested maps with reductions over rows and over columns (via transpose and via a
-- vectorised reduce whose operator works on whole rows).
-- ==
-- entry: rowsums
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [6i32, 15i32] }
-- input { empty([0][3]i32) }
-- output { empty([0]i32) }
-- input { [[7i32], [-7i32], [0i32]] }
-- output { [7i32, -7i32, 0i32] }

-- ==
-- entry: colmax
-- input { [[1i32, 9i32, 3i32], [4i32, 5i32, 6i32], [-1i32, 2i32, 8i32]] }
-- output { [4i32, 9i32, 8i32] }
-- input { empty([0][2]i32) }
-- output { [-2147483648i32, -2147483648i32] }

-- ==
-- entry: colsums_vec
-- input { [[1i32, 2i32, 3i32, 4i32], [10i32, 20i32, 30i32, 40i32]] }
-- output { [11i32, 22i32, 33i32, 44i32] }
-- input { empty([0][3]i32) }
-- output { [0i32, 0i32, 0i32] }

-- ==
-- entry: center_cols
-- input { [[1.0, 2.0], [3.0, 6.0]] }
-- output { [[-1.0, -2.0], [1.0, 2.0]] }
-- input { [[5.0, 5.0, 5.0]] }
-- output { [[0.0, 0.0, 0.0]] }

-- ==
-- entry: argmax_rows
-- input { [[3i32, 1i32, 3i32], [0i32, 0i32, 0i32], [-5i32, -2i32, -9i32]] }
-- output { [0i64, 0i64, 1i64] }
-- input { [[1i32, 2i32, 3i32, 4i32]] }
-- output { [3i64] }

-- ==
-- entry: both_sums
-- input { [[1i32, 2i32, 3i32, 4i32], [10i32, 20i32, 30i32, 40i32]] }
-- output { [10i32, 100i32] [11i32, 22i32, 33i32, 44i32] }

entry rowsums [n][m] (a: [n][m]i32) : [n]i32 = map (\r -> reduce (+) 0 r) a

entry colmax [n][m] (a: [n][m]i32) : [m]i32 = map i32.maximum (transpose a)

entry colsums_vec [n][m] (a: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) a

entry center_cols [n][m] (a: [n][m]f64) : [n][m]f64 =
  let means = map (\c -> f64.sum c / f64.i64 n) (transpose a)
  in map (\row -> map2 (-) row means) a

entry argmax_rows [n][m] (a: [n][m]i32) : [n]i64 =
  map (\row ->
         let (i, _) = reduce (\(i1, v1) (i2, v2) -> if v2 > v1 then (i2, v2) else (i1, v1))
                             (-1, i32.lowest) (zip (iota m) row)
         in i) a

entry both_sums [n][m] (a: [n][m]i32) : ([n]i32, [m]i32) =
  (map i32.sum a, map i32.sum (transpose a))
