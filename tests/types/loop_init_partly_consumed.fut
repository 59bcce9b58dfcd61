-- A loop over a tuple of parameters consumes only the initial values of the parameters its
-- body consumes: here the rows ps (updated in place) but not xs, which v starts from and which
-- stays usable after the loop.
-- ==
-- input { [1, 2, 3] 2i64 } output { [[1, 2, 3], [2, 4, 6]] [1, 2, 3] }
-- input { [5] 0i64 } output { empty([0][1]i32) [5] }
def main [n] (xs: [n]i32) (k: i64) : ([k][n]i32, [n]i32) =
  let (ps, _) = loop (ps, v) = (replicate k (replicate n 0i32), xs) for j < k do
                  (ps with [j] = v, map (* 2) v)
  in (ps, xs)
