-- Optimiser (src/opt/precompute.c, weft c and multicore): the per-element work of maps inside a
-- loop, computed once before the loop.  The exp of `s` (of the index only) is precomputed at the
-- top of its lambda; for the sqrt of `ys` the loop of three steps is unrolled and its branch's
-- statements speculated; the division of `zs` and the index into ks are per-element too but may
-- fail (division by zero at j == m, ks shorter than w): they stay in their branches, else the
-- program would fail; so does the while-loop, which would not end for j > 3.  h = 0: the loop
-- runs no iteration.  Expected outputs computed
-- independently, in Python (the same loops, written out in tests/core/opt_precompute.py).
-- tests/scripts/precompute.sh checks that the arrays are made (and not for weft cuda).
-- ==
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 4i64 [3i64, -2i64, 1i64] }
-- output { [20.195646154533854f64, 378.9579063935134f64, 1733.9632168451396f64, 4659.464727812233f64, 7140.892320103941f64, 7398.104743240614f64, 4457.588438107469f64] 6589.9703255138575f64 }
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 0i64 [5i64] }
-- output { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 0.0f64 }
-- input { [1.0f64] 3i64 [0i64, 1i64] }
-- output { [4.371814814814814f64] 8.446777777777777f64 }
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] 6i64 empty([0]i64) }
-- output { [373.9520356504235f64, 4330.392195853353f64, 24989.456025860156f64, 85520.98026078075f64, 202158.07731644576f64, 343729.607610953f64, 438887.9190802518f64, 412771.8225919394f64, 250956.6897380347f64] 308250.7221010515f64 }

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
                           let z = if j < length ks then z + f64.exp (f64.i64 ks[j]) / 1000.0 else z
                           in if j <= 3 then z + f64.i64 (loop k = j while k != 3 do k + 1) else z)
                    (iota w)
       in (zs, total + s)
