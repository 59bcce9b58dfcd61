-- Polynomial multiplication (discrete convolution) three ways: a gather per output
-- coefficient with a data-dependent range, a scatter-add with reduce_by_index, and via a
-- jagged array of shifted products.
-- ==
-- entry: gather
-- input { [1i64, 2i64, 3i64] [4i64, 5i64] }
-- output { [4i64, 13i64, 22i64, 15i64] }
-- input { [1i64, -1i64] [1i64, 1i64] }
-- output { [1i64, 0i64, -1i64] }
-- input { [7i64] [3i64] }
-- output { [21i64] }
-- input { [2i64, 0i64, 0i64, 1i64] [1i64, 0i64, -1i64] }
-- output { [2i64, 0i64, -2i64, 1i64, 0i64, -1i64] }

-- ==
-- entry: scatter_add
-- input { [1i64, 2i64, 3i64] [4i64, 5i64] }
-- output { [4i64, 13i64, 22i64, 15i64] }
-- input { [2i64, 0i64, 0i64, 1i64] [1i64, 0i64, -1i64] }
-- output { [2i64, 0i64, -2i64, 1i64, 0i64, -1i64] }

-- ==
-- entry: jagged_terms
-- input { [1i64, 2i64, 3i64] [4i64, 5i64] }
-- output { [[4i64], [5i64, 8i64], [10i64, 12i64], [15i64]] }
-- input { [3i64] [1i64, 2i64] }
-- output { [[3i64], [6i64]] }

entry gather [n][m] (a: [n]i64) (b: [m]i64) : []i64 =
  let len = i64.max 0 (n + m - 1)
  in tabulate len (\k ->
       let lo = i64.max 0 (k - (m - 1))
       let hi = i64.min (n - 1) k
       in i64.sum (map (\i -> a[i] * b[k - i]) (lo..<(hi + 1))))

entry scatter_add [n][m] (a: [n]i64) (b: [m]i64) : []i64 =
  let len = i64.max 0 (n + m - 1)
  let is = flatten (map (\i -> map (\j -> i + j) (iota m)) (iota n))
  let vs = flatten (map (\x -> map (\y -> x * y) b) a)
  in reduce_by_index (replicate len 0) (+) 0 is vs

entry jagged_terms [n][m] (a: [n]i64) (b: [m]i64) : [][]i64 =
  map (\k -> let lo = i64.max 0 (k - (m - 1))
             let hi = i64.min (n - 1) k
             in map (\i -> a[i] * b[k - i]) (lo..<(hi + 1)))
      (iota (i64.max 0 (n + m - 1)))
