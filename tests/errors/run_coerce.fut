-- A size coercion to the wrong length fails at run time, showing the value's shape and the
-- type's, its sizes evaluated (Futhark's words), on every backend.
-- ==
-- input { 2i64 [1, 2, 3] } error: run_coerce\.fut:7:18: Error: size mismatch: value of shape \[3\] cannot match shape of type "\[2\]i32"
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }
def main (n: i64) (xs: []i32) : [n]i32 =
  let ys = copy (xs :> [n]i32)
  in ys

-- ==
-- entry: to_four
-- input { [1, 2, 3] } error: run_coerce\.fut:14:38: Error: size mismatch: value of shape \[3\] cannot match shape of type "\[4\]i32"
-- input { [1, 2, 3, 4] } output { [1, 2, 3, 4] }
entry to_four (xs: []i32) : [4]i32 = xs :> [4]i32
