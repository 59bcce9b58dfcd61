-- An irregular reduction (segments of different lengths) split across MPI ranks by its points:
-- a segment may begin on one rank and end several ranks later (the long one), and empty ones lie
-- anywhere; the pieces are combined in rank order with a non-commutative operator (affine maps
-- x -> a x + b composed).
-- ==
-- input { [3i64, 0i64, 9i64, 1i64, 0i64, 2i64] }
-- output { [6i64, 1i64, 216i64, 1i64, 1i64, 2i64] [5i64, 0i64, 455i64, 0i64, 0i64, 1i64] }
-- input { [0i64, 5i64, 0i64] }
-- output { [1i64, 12i64, 1i64] [0i64, 20i64, 0i64] }
-- input { [1i64] }
-- output { [1i64] [0i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) }
def comp (a: i64, b: i64) (c: i64, d: i64) = (a * c, b * c + d)

def main (ns: []i64) =
  let rs = map (\n -> reduce comp (1, 0) (map (\i -> (i % 3 + 1, i)) (iota n))) ns
  in unzip rs
