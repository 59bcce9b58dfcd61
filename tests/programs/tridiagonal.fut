-- Thomas algorithm for tridiagonal systems: sequential loops with in-place updates,
-- then a batch of independent systems solved in a parallel map.
-- ==
-- input { [0.0f64, 1.0f64, 1.0f64, 1.0f64] [4.0f64, 4.0f64, 4.0f64, 4.0f64] [1.0f64, 1.0f64, 1.0f64, 0.0f64] [5.0f64, 6.0f64, 6.0f64, 5.0f64] }
-- output { [1.0f64, 1.0f64, 1.0f64, 1.0f64] }
-- input { [0.0f64, -1.0f64, -1.0f64] [2.0f64, 2.0f64, 2.0f64] [-1.0f64, -1.0f64, 0.0f64] [1.0f64, 0.0f64, 1.0f64] }
-- output { [1.0f64, 1.0f64, 1.0f64] }
-- input { [0.0f64] [2.0f64] [0.0f64] [3.0f64] }
-- output { [1.5f64] }

-- ==
-- entry: batch
-- input { [[0.0f64, -1.0f64, -1.0f64], [0.0f64, 1.0f64, 2.0f64]] [[2.0f64, 2.0f64, 2.0f64], [3.0f64, 5.0f64, 4.0f64]] [[-1.0f64, -1.0f64, 0.0f64], [1.0f64, 0.5f64, 0.0f64]] [[1.0f64, 0.0f64, 1.0f64], [1.0f64, 2.0f64, 3.0f64]] }
-- output { [[1.0f64, 1.0f64, 1.0f64], [0.23584905660377f64, 0.29245283018868f64, 0.60377358490566f64]] }

def thomas [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (d: [n]f64) : [n]f64 =
  let cp = replicate n 0f64
  let dp = replicate n 0f64
  let cp[0] = c[0] / b[0]
  let dp[0] = d[0] / b[0]
  let (cp, dp) =
    loop (cp, dp) for i in 1..<n do
      let m = b[i] - a[i] * cp[i-1]
      let cp[i] = c[i] / m
      let dp[i] = (d[i] - a[i] * dp[i-1]) / m
      in (cp, dp)
  let x = copy dp
  let x = loop x for i in (n-2)..>(-1) do
            x with [i] = dp[i] - cp[i] * x[i+1]
  in x

def main [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (d: [n]f64) : [n]f64 = thomas a b c d

entry batch [k][n] (a: [k][n]f64) (b: [k][n]f64) (c: [k][n]f64) (d: [k][n]f64) : [k][n]f64 =
  map4 thomas a b c d
