-- Transposition-heavy code: Gram matrix A^T A, symmetry test, rotation by a quarter turn,
-- column sums through transpose.
-- ==
-- entry: gram
-- input { [[1.0f64, 2.0f64], [3.0f64, 4.0f64], [5.0f64, 6.0f64]] }
-- output { [[35.0f64, 44.0f64], [44.0f64, 56.0f64]] }
-- input { [[0.5f64, -1.0f64, 2.0f64]] }
-- output { [[0.25f64, -0.5f64, 1.0f64], [-0.5f64, 1.0f64, -2.0f64], [1.0f64, -2.0f64, 4.0f64]] }

-- ==
-- entry: is_symmetric
-- input { [[1i32, 2i32], [2i32, 1i32]] }
-- output { true }
-- input { [[1i32, 2i32, 3i32], [2i32, 5i32, 6i32], [3i32, 7i32, 9i32]] }
-- output { false }
-- input { [[4i32]] }
-- output { true }

-- ==
-- entry: rot_cw
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[4i32, 1i32], [5i32, 2i32], [6i32, 3i32]] }
-- input { [[1i32], [2i32], [3i32]] }
-- output { [[3i32, 2i32, 1i32]] }

-- ==
-- entry: col_sums
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [-1i32, -1i32, -1i32]] }
-- output { [4i32, 6i32, 8i32] }

-- ==
-- entry: round_trip
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { true }

entry gram [n][m] (a: [n][m]f64) : [m][m]f64 =
  let at = transpose a
  in map (\r -> map (\c -> f64.sum (map2 (*) r c)) at) at

entry is_symmetric [n] (a: [n][n]i32) : bool =
  and (map2 (\r c -> and (map2 (==) r c)) a (transpose a))

entry rot_cw [n][m] (a: [n][m]i32) : [m][n]i32 = transpose (reverse a)

entry col_sums [n][m] (a: [n][m]i32) : [m]i32 = map i32.sum (transpose a)

entry round_trip [n][m] (a: [n][m]i32) : bool =
  let b = transpose (transpose (rot_cw (rot_cw (rot_cw (rot_cw a)))))
  in and (map2 (\x y -> and (map2 (==) x y)) a b)
