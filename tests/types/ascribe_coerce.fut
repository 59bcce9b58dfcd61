-- Type ascription and size coercion.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] 3i64 }
def main [n] (xs: [n]i32) : ([]i32, i64) =
  let m = n
  let ys = xs :> [m]i32
  let k : i64 = 3
  in (ys : [m]i32, k)
