-- Size parameters: dot/matvec/outer product with sizes tying arguments together, a size
-- coercion checked at run time, and unflatten with computed sizes (chunking).
-- ==
-- entry: mv
-- input { [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] [1.0, 0.0, -1.0] }
-- output { [-2.0, -2.0] }
-- input { empty([0][2]f64) [1.0, 1.0] }
-- output { empty([0]f64) }

-- ==
-- entry: outer_prod
-- input { [1.0, 2.0] [3.0, 4.0, 5.0] }
-- output { [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]] }

-- ==
-- entry: pairsum
-- input { [1i32, 2i32] [10i32, 20i32] }
-- output { [11i32, 22i32] }
-- input { [1i32, 2i32] [1i32] }
-- error: .

-- ==
-- entry: chunks
-- input { 2i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [[1i32, 2i32], [3i32, 4i32]] }
-- input { 5i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [[1i32, 2i32, 3i32, 4i32, 5i32]] }
-- input { 3i64 [1i32, 2i32] }
-- output { empty([0][3]i32) }

-- ==
-- entry: gram
-- input { [[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]] }
-- output { [[10.0, 14.0], [14.0, 21.0]] }

def dot [n] (a: [n]f64) (b: [n]f64) : f64 = f64.sum (map2 (*) a b)

def matvec [n][m] (a: [n][m]f64) (v: [m]f64) : [n]f64 = map (\r -> dot r v) a

def outer [n][m] (u: [n]f64) (v: [m]f64) : [n][m]f64 = map (\x -> map (* x) v) u

entry mv [n][m] (a: [n][m]f64) (v: [m]f64) : [n]f64 = matvec a v

entry outer_prod [n][m] (u: [n]f64) (v: [m]f64) : [n][m]f64 = outer u v

entry pairsum [n] (xs: [n]i32) (ys: []i32) : [n]i32 = map2 (+) xs (ys :> [n]i32)

entry chunks [n] (k: i64) (xs: [n]i32) : [][]i32 =
  let c = n / k
  in unflatten (xs[0:c * k] :> [c * k]i32)

-- A^T A, written with explicit sizes on every intermediate.
entry gram [n][m] (a: [n][m]f64) : [m][m]f64 =
  let at : [m][n]f64 = transpose a
  in map (\ci -> map (\cj -> dot ci cj) at) at
