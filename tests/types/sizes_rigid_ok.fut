-- Rigid sizes, what stays accepted: a `let [k]` binder takes any size (also a size parameter's,
-- and then equals it), a size equals itself, a coercion (:>) relates two names at run time,
-- and unknown sizes ([], filter) are checked when the value exists.
-- ==
-- input { [1i64, 2i64, 3i64] [10i64, 20i64, 30i64] }
-- output { 3i64 [10i64, 20i64, 30i64] [2i64, 3i64] 12i64 }
-- input { [1i64, 2i64] [5i64, 6i64, 7i64] }
-- error: .
def add [n] (xs: [n]i64) (ys: [n]i64) : [n]i64 = map2 (+) xs ys

def main [n] [m] (xs: [n]i64) (ys: [m]i64) =
  let [k] (zs: [k]i64) = xs
  let same : [n]i64 = add zs xs
  let sum = add xs (ys :> [n]i64)
  let big = filter (> 1) xs
  let [j] (bs: [j]i64) = big
  in (k, map2 (-) sum same |> map2 (+) xs, bs, reduce (+) 0 (add same (replicate n 0)))
