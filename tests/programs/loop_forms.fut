-- All loop forms: for with a bound, for over an array with a tuple pattern, while with a
-- compound state, nested loops, and a binary search (integer square root) per element.
-- ==
-- entry: isqrt
-- input { [0i64, 1i64, 2i64, 3i64, 4i64, 15i64, 16i64, 17i64, 99i64, 100i64, 1000000007i64] }
-- output { [0i64, 1i64, 1i64, 1i64, 2i64, 3i64, 4i64, 4i64, 9i64, 10i64, 31622i64] }

-- ==
-- entry: pairs_sum
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- output { 32i32 }
-- input { empty([0]i32) empty([0]i32) }
-- output { 0i32 }

-- ==
-- entry: factorials
-- input { 5i32 }
-- output { [1i64, 2i64, 6i64, 24i64, 120i64] }
-- input { 20i32 }
-- output { [1i64, 2i64, 6i64, 24i64, 120i64, 720i64, 5040i64, 40320i64, 362880i64, 3628800i64, 39916800i64, 479001600i64, 6227020800i64, 87178291200i64, 1307674368000i64, 20922789888000i64, 355687428096000i64, 6402373705728000i64, 121645100408832000i64, 2432902008176640000i64] }
-- input { 0i32 }
-- output { empty([0]i64) }

-- ==
-- entry: triangle_count
-- input { 5i32 }
-- output { 10i32 }
-- input { 1i32 }
-- output { 0i32 }
-- input { 30i32 }
-- output { 4060i32 }

entry isqrt (ns: []i64) : []i64 =
  map (\n -> let (lo, _) = loop (lo, hi) = (0, n + 1) while hi - lo > 1 do
                             let mid = (lo + hi) / 2
                             in if mid * mid <= n then (mid, hi) else (lo, mid)
             in lo) ns

entry pairs_sum [n] (xs: [n]i32) (ys: [n]i32) : i32 =
  loop acc = 0 for (x, y) in zip xs ys do acc + x * y

entry factorials (n: i32) : []i64 =
  let (out, _) = loop (out, f) = (replicate (i64.i32 n) 0i64, 1i64) for i < n do
                   let f' = f * i64.i32 (i + 1)
                   in (out with [i64.i32 i] = f', f')
  in out

entry triangle_count (n: i32) : i32 =
  loop c = 0 for i < n do
    loop c for j < i do c + j
