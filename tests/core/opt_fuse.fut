-- Optimiser (fuse.c): map-map, map into reduce and scan (redomap/scanomap), a producer with a
-- second use after the consumer (kept as an extra result), horizontal fusion of maps over the
-- same array, producers into scatter and hist, and an in-place update between producer and
-- consumer that must stop fusion.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] [0i64, 2i64, 1i64, 2i64] }
-- output { 28i32 [6i32, 18i32, 38i32, 68i32] [4i32, 6i32, 8i32, 10i32] [2i32, 3i32, 4i32, 5i32] 10i32 [0i32, 3i32, 4i32, 5i32, 6i32] [3i32, 9i32, 18i32] [1i32, 3i32, 6i32, 10i32] }
-- input { [7i32] [5i64] }
-- output { 16i32 [72i32] [16i32] [8i32] 7i32 [0i32, 9i32, 0i32, 0i32, 0i32] [0i32, 0i32, 21i32] [7i32] }
def main (xs: []i32) (is: []i64) =
  let n = length xs
  let ys = map (+1) xs
  let zs = map (*2) ys
  let s = reduce (+) 0 zs
  let sc = scan (+) 0 (map2 (*) ys (map (+2) xs))
  let kept = map (+1) xs
  let t = reduce (+) 0 (map (\x -> x - 1) kept)
  let dst = scatter (replicate 5 0) (map (+1) (iota n)) (map (+2) xs)
  let h = hist (+) 0 3 (map (\i -> i % 3) is) (map (*3) xs)
  let ws = copy xs
  let us = map (+0) ws
  let ws[0] = 100
  let acc = scan (+) 0 (map (\u -> u) us)
  in (s, sc, zs, kept, t + ws[0] - 100, dst, h, acc)
