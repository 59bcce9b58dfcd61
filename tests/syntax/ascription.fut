-- Type ascription e : t and size coercion e :> t.
-- ==
-- input { [1, 2, 3] } output { 6 3i64 }
def main [n] (xs: [n]i32) : (i32, i64) =
  let ys = (map (+1) xs :> [n]i32)
  in ((reduce (+) 0 xs : i32), length ys)
