-- An entry parameter `[n][]t` whose rows n the result's type names (`[n]i64`), with no rows
-- too: the compiled backends bind n from the parameter's offsets (it was out of scope there).
-- ==
-- input { empty([0][0]i32) } output { 0i64 empty([0]i64) empty([0]i32) }
-- input { [[1, 2, 3], [4]] } output { 2i64 [3i64, 1i64] [6, 4] }
-- input { [[7], empty([0]i32), [1, 1]] } output { 3i64 [1i64, 0i64, 2i64] [7, 0, 2] }
entry main [n] (xss: [n][]i32) : (i64, [n]i64, [n]i32) =
  (n, map length xss, map i32.sum xss)

-- The same size named by a second jagged parameter (its rows checked against the first's) and
-- by a regular one.
-- ==
-- entry: weighted
-- input { empty([0][0]i32) empty([0][0]i32) empty([0]i32) } output { empty([0]i32) }
-- input { [[1, 2], [3]] [empty([0]i32), [5, 5]] [10, 100] } output { [30, 1300] }
-- input { [[1, 2], [3]] [[1]] [10, 100] } error: size
entry weighted [n] (xss: [n][]i32) (yss: [n][]i32) (ws: [n]i32) : [n]i32 =
  map3 (\xs ys w -> (i32.sum xs + i32.sum ys) * w) xss yss ws
