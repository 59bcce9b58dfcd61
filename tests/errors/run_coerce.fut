-- A size coercion to the wrong length fails at run time, naming both sizes on every backend.
-- ==
-- input { 2i64 [1, 2, 3] } error: run_coerce\.fut:6:18: Error: size mismatch: expected size n = 2, got an array of 3 elements
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }
def main (n: i64) (xs: []i32) : [n]i32 =
  let ys = copy (xs :> [n]i32)
  in ys

-- ==
-- entry: to_four
-- input { [1, 2, 3] } error: run_coerce\.fut:13:38: Error: size mismatch: expected an array of 4 elements, got 3
-- input { [1, 2, 3, 4] } output { [1, 2, 3, 4] }
entry to_four (xs: []i32) : [4]i32 = xs :> [4]i32
