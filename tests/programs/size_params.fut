-- Type aliases with size parameters, sizes used as values, and functions whose result
-- sizes are tied to their arguments'.
-- ==
-- entry: mv
-- input { [[1.0f64, 2.0f64], [3.0f64, 4.0f64], [0.5f64, 0.5f64]] [2.0f64, -1.0f64] }
-- output { [0.0f64, 2.0f64, 0.5f64] }

-- ==
-- entry: outer_trace
-- input { [1.0f64, 2.0f64, 3.0f64] [4.0f64, 5.0f64, 6.0f64] }
-- output { 32.0f64 }
-- input { empty([0]f64) empty([0]f64) }
-- output { 0.0f64 }

-- ==
-- entry: center
-- input { [0.0f64, 2.0f64, 4.0f64] [1.0f64, 1.0f64, 4.0f64] }
-- output { 2.0f64 2.0f64 }

-- ==
-- entry: dims
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 2i64 3i64 6i64 }
-- input { [[7i32]] }
-- output { 1i64 1i64 1i64 }

type vec [n] = [n]f64
type matrix [n][m] = [n][m]f64
type point = (f64, f64)

def dot [n] (a: vec [n]) (b: vec [n]) : f64 = f64.sum (map2 (*) a b)

def matvec [n][m] (a: matrix [n][m]) (x: vec [m]) : vec [n] = map (\row -> dot row x) a

def outer [n][m] (a: vec [n]) (b: vec [m]) : matrix [n][m] = map (\x -> map (* x) b) a

def centroid [n] (ps: [n]point) : point =
  let (xs, ys) = unzip ps
  in (f64.sum xs / f64.i64 n, f64.sum ys / f64.i64 n)

entry mv [n][m] (a: [n][m]f64) (x: [m]f64) : [n]f64 = matvec a x

entry outer_trace [n] (a: [n]f64) (b: [n]f64) : f64 =
  let o = outer a b
  in f64.sum (map (\i -> o[i, i]) (iota n))

entry center [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64) = centroid (zip xs ys)

entry dims [n][m] (a: [n][m]i32) : (i64, i64, i64) = (n, m, n * m)
