-- An empty array returned at a type whose inner sizes are expressions of a parameter
-- (`[0][s.0][s.1]`, which the checker cannot name) has those inner sizes, on every backend, so
-- that a function taking it learns its size parameters from it (Futhark's modules/functor31).
-- ==
-- input { 3i64 4i64 } output { 0i64 3i64 5i64 12i64 }
-- input { 0i64 7i64 } output { 0i64 0i64 2i64 21i64 }

type tag [a] [b] = [0][a][b]()

def mk (s: (i64, i64)) : tag [s.0] [s.1] = []

def combine [a0] [b0] [a1] [b1] (_: tag [a0] [b0]) (_: tag [a1] [b1]) = mk (a0 + a1, b0 * b1)

def shape [a] [b] (_: tag [a] [b]) = (a, b)

entry main (x: i64) (y: i64) =
  let t = mk (x, y)
  let (p, q) = shape (combine t (mk (2, 3)))
  in (length t, length (transpose t), p, q)
