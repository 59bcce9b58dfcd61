-- LU decomposition without pivoting (Doolittle, in place in nested loops over a 2D array)
-- followed by forward and backward substitution.
-- ==
-- input { [[4.0f64, 3.0f64, 0.0f64], [6.0f64, 3.0f64, 1.0f64], [0.0f64, 2.0f64, 5.0f64]] [1.0f64, 2.0f64, 3.0f64] }
-- output { [0.21052631578947f64, 0.052631578947368f64, 0.57894736842105f64] }
-- input { [[2.0f64, 1.0f64, 1.0f64, 0.0f64], [4.0f64, 3.0f64, 3.0f64, 1.0f64], [8.0f64, 7.0f64, 9.0f64, 5.0f64], [6.0f64, 7.0f64, 9.0f64, 8.0f64]] [4.0f64, 2.0f64, -1.0f64, 0.5f64] }
-- output { [7.875f64, -6.5f64, -5.25f64, 5.75f64] }
-- input { [[2.0f64]] [5.0f64] }
-- output { [2.5f64] }

-- ==
-- entry: residual
-- input { [[2.0f64, 1.0f64, 1.0f64, 0.0f64], [4.0f64, 3.0f64, 3.0f64, 1.0f64], [8.0f64, 7.0f64, 9.0f64, 5.0f64], [6.0f64, 7.0f64, 9.0f64, 8.0f64]] [1.0f64, 1.0f64, 1.0f64, 1.0f64] }
-- output { 0.0f64 }

def lu [n] (a: [n][n]f64) : [n][n]f64 =
  loop a = copy a for k < n do
    loop a for i in (k+1)..<n do
      let l = a[i, k] / a[k, k]
      let a[i, k] = l
      in loop a for j in (k+1)..<n do
           a with [i, j] = a[i, j] - l * a[k, j]

def solve [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 =
  let m = lu a
  let y = loop y = copy b for i < n do
            let s = f64.sum (map (\j -> if j < i then m[i, j] * y[j] else 0) (iota n))
            in y with [i] = y[i] - s
  in loop x = replicate n 0 for q < n do
       let i = n - 1 - q
       let s = f64.sum (map (\j -> if j > i then m[i, j] * x[j] else 0) (iota n))
       in x with [i] = (y[i] - s) / m[i, i]

def main [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 = solve a b

entry residual [n] (a: [n][n]f64) (b: [n]f64) : f64 =
  let x = solve a b
  let r = map2 (\row bi -> f64.sum (map2 (*) row x) - bi) a b
  in f64.maximum (map f64.abs r) |> (\e -> if e < 1e-9 then 0 else e)
