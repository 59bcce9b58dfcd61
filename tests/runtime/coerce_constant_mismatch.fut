-- A coercion whose outermost size is a constant other than the one written (`iota 6 :> [5]i64`)
-- always fails at run time, with the sizes, and the code after it is never reached; it still
-- compiles (src/core/internalise.c: the value after the failing check is a placeholder of the
-- type written, so that the zip beside a 5-element slice has consistent sizes).  A coercion
-- that holds passes its value through.
-- ==
-- entry: argmax_prefix
-- input { [0.5, 0.25, 0.75, 1.0, 0.125, 2.0] }
-- error: size mismatch: value of shape \[6\] cannot match shape of type "\[5\]i64"

entry argmax_prefix (a: [6]f64) : i64 =
  let (_, i) = reduce (\(x, i) (y, j) -> if x >= y then (x, i) else (y, j))
                      (a[5], 5)
                      (zip (a[:5]) (iota 6 :> [5]i64))
  in i

-- ==
-- entry: holds
-- input { [1i32, 2i32, 3i32] } output { 6i32 }
-- input { [1i32, 2i32] } error: size mismatch

entry holds (xs: []i32) : i32 = i32.sum (xs :> [3]i32)
