-- Optimiser (src/opt/precompute.c, weft c and multicore): the per-element work of maps inside a
-- loop, computed once before the loop.  The exp of `s` (of the index only) is precomputed at the
-- top of its lambda; for the sqrt of `ys` the loop of three steps is unrolled and its branch's
-- statements speculated; the division of `zs` and the index into ks are per-element too but may
-- fail (division by zero at j == m, ks shorter than w): they stay in their branches, else the
-- program would fail.  h = 0: the loop runs no iteration.  Expected outputs computed
-- independently, in Python (the same loops, written out in tests/core/opt_precompute.py).
-- tests/scripts/precompute.sh checks that the arrays are made (and not for weft cuda).
-- ==
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 4i64 [3i64, -2i64, 1i64] }
-- output { [5.010349955675591f64, 336.4517900886041f64, 1656.8662278613826f64, 4566.140544535961f64, 7065.60448282296f64, 7359.915477236112f64, 4446.55761708881f64] 6413.643459712028f64 }
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 0i64 [5i64] }
-- output { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 0.0f64 }
-- input { [1.0f64] 3i64 [0i64, 1i64] }
-- output { [0.038481481481481485f64] 1.4467777777777777f64 }
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 6i64 empty([0]i64) }
-- output { [315.5535204531505f64, 4088.678550285573f64, 24392.214065788477f64, 84513.18997186194f64, 200936.01884846672f64, 342656.93547999643f64, 438216.4401294616f64, 412497.9092465771f64, 250894.77334284005f64] 306311.2320946496f64 }

entry main [w] (xs0: [w]f64) (h: i64) (ks: []i64) : ([w]f64, f64) =
  let m = w / 2
  in loop (xs: [w]f64, total: f64) = (xs0, 0.0) for i < h do
       let s = reduce (+) 0.0 (map (\j -> xs[j] * f64.exp (-(f64.i64 (j - m)) * 0.1)) (iota w))
       let ys = map (\t -> loop acc = 0.0 for d < 3 do
                             let j = t + d - 1
                             in if j < 0 || j >= w then acc
                                else acc + xs[j] * f64.sqrt (f64.i64 (j * j + t + 1)) / 3.0)
                    (iota w)
       let zs = map (\j -> let z = if j == m then ys[j]
                                   else ys[j] + f64.exp (f64.i64 (10 / (j - m))) / 100.0 / f64.i64 (i + 1)
                           in if j < length ks then z + f64.exp (f64.i64 ks[j]) / 1000.0 else z)
                    (iota w)
       in (zs, total + s)
