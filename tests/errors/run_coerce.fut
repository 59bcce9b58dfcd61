-- A size coercion to the wrong length fails at run time.
-- ==
-- input { 2i64 [1, 2, 3] } error: run_coerce\.fut:6:18: error: size mismatch
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }
def main (n: i64) (xs: []i32) : [n]i32 =
  let ys = copy (xs :> [n]i32)
  in ys
