-- Reductions whose accumulators are arrays, split across MPI ranks: each rank's partial array
-- is exchanged and every rank folds them in rank order (an elementwise non-commutative
-- operator: x -> a x + b composed per column).
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [9i32, 12i32] [6i32, 6i32] [17i32, 14i32] }
-- input { [[2i32, 0i32]] }
-- output { [2i32, 0i32] [3i32, 1i32] [2i32, 0i32] }
-- input { empty([0][2]i32) }
-- output { [0i32, 0i32] [1i32, 1i32] [0i32, 0i32] }
def comp (a: i32, b: i32) (c: i32, d: i32) = (a * c, b * c + d)

def main [n][m] (xss: [n][m]i32) =
  let sums = reduce (map2 (+)) (replicate m 0) xss
  let fs = map (map (\x -> (x % 3 + 1, x))) xss
  let (as, bs) = unzip (reduce (map2 comp) (replicate m (1, 0)) fs)
  in (sums, as, bs)
