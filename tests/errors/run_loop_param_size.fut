-- A loop parameter written with a size holds that size: its initial value and each iteration's
-- result, the last one too, are checked at run time, at the parameter (ys ++ [1]: a type error).
-- ==
-- input { [1, 2] 0 } output { [1, 2] }
-- input { [1, 2] 1 }
-- error: run_loop_param_size\.fut:9:11: Error: size mismatch: expected size n = 2, got an array of 3 elements
def main [n] (xs: [n]i32) (k: i32) =
  let ys =
    loop (ys: [n]i32) = xs for _i < k do ys ++ filter (> 0) [1]
  in ys

-- ==
-- entry: shrink
-- input { [5, 6, 7] 2i64 }
-- error: run_loop_param_size\.fut:18:9: Error: size mismatch: expected an array of 3 elements, got 2
-- input { [5, 6, 7] 3i64 } output { [6, 7, 5] }
entry shrink (xs: []i32) (m: i64) =
  loop (ys: [3]i32) = xs :> [3]i32 for _y in [1, 2] do rotate (-1) ys[:m]

-- the size k the pattern binds is the one of each iteration's value
-- ==
-- entry: own_size
-- input { 3 } output { 8i64 [0, 0, 0, 0, 0, 0, 0, 0] }
entry own_size (t: i32) =
  loop (k, zs: [k]i32) = (1, [0]) for _i < t do (2 * k, zs ++ zs)
