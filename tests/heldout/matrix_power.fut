-- Matrices: repeated squaring-free matrix power by a loop of matmuls (Fibonacci, a
-- permutation), trace and symmetry test (including 0x0), and non-square products with an
-- inner dimension of zero.
-- ==
-- entry: matpow
-- input { [[1i64, 1i64], [1i64, 0i64]] 10i32 }
-- output { [[89i64, 55i64], [55i64, 34i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 0i32 }
-- output { [[1i64, 0i64], [0i64, 1i64]] }
-- input { [[0i64, 1i64, 0i64], [0i64, 0i64, 1i64], [1i64, 0i64, 0i64]] 3i32 }
-- output { [[1i64, 0i64, 0i64], [0i64, 1i64, 0i64], [0i64, 0i64, 1i64]] }
-- input { [[0i64, 1i64, 0i64], [0i64, 0i64, 1i64], [1i64, 0i64, 0i64]] 2i32 }
-- output { [[0i64, 0i64, 1i64], [1i64, 0i64, 0i64], [0i64, 1i64, 0i64]] }

-- ==
-- entry: trace_sym
-- input { [[1i64, 2i64], [2i64, 5i64]] }
-- output { 6i64 true }
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64], [7i64, 8i64, 9i64]] }
-- output { 15i64 false }
-- input { empty([0][0]i64) }
-- output { 0i64 true }

-- ==
-- entry: mm
-- input { [[1i32, 2i32, 3i32]] [[1i32], [2i32], [3i32]] }
-- output { [[14i32]] }
-- input { [[1i32], [2i32]] [[3i32, 4i32]] }
-- output { [[3i32, 4i32], [6i32, 8i32]] }
-- input { empty([2][0]i32) empty([0][3]i32) }
-- output { [[0i32, 0i32, 0i32], [0i32, 0i32, 0i32]] }

def matmul [n][k][m] (a: [n][k]i64) (b: [k][m]i64) : [n][m]i64 =
  map (\row -> map (\col -> i64.sum (map2 (*) row col)) (transpose b)) a

entry matpow [n] (a: [n][n]i64) (k: i32) : [n][n]i64 =
  let ident = tabulate_2d n n (\i j -> if i == j then 1 else 0)
  in loop r = ident for _i < k do matmul r a

entry trace_sym [n] (a: [n][n]i64) : (i64, bool) =
  (i64.sum (map (\i -> a[i, i]) (iota n)),
   all (\i -> all (\j -> a[i, j] == a[j, i]) (iota n)) (iota n))

entry mm [n][k][m] (a: [n][k]i32) (b: [k][m]i32) : [n][m]i32 =
  map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a
