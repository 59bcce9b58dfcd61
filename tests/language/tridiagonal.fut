-- A tridiagonal solver (Thomas algorithm) that consumes its diagonal and right-hand side in a
-- loop over both, binds the loop's results to the same names, and updates them again: each
-- component of the loop's result aliases only its own parameter, so consuming y does not
-- consume b.  The system [2 1 0; 1 2 1; 0 1 2] x = d has the solution below.
-- ==
-- input { [0f64, 1f64, 1f64] [2f64, 2f64, 2f64] [1f64, 1f64, 0f64] [4f64, 8f64, 8f64] }
-- output { [1f64, 2f64, 3f64] }

def solve [n] (a: [n]f64) (b: *[n]f64) (c: [n]f64) (y: *[n]f64) : *[n]f64 =
  let (y, b) =
    loop (y, b) for i < n - 1 do
      let k = i + 1
      let w = a[k] / b[k - 1]
      let b[k] = b[k] - w * c[k - 1]
      let y[k] = y[k] - w * y[k - 1]
      in (y, b)
  let y[n - 1] = y[n - 1] / b[n - 1]
  in loop y for j < n - 1 do
       let k = n - 2 - j
       let y[k] = (y[k] - c[k] * y[k + 1]) / b[k]
       in y

def main (a: []f64) (b: []f64) (c: []f64) (d: []f64) =
  let n = length a
  in solve a (copy b :> [n]f64) (c :> [n]f64) (copy d :> [n]f64)
