-- One-dimensional k-means: nearest centre by an argmin over an inner map (ties to the
-- lower index), new centres by reduce_by_index with a (count, sum) operator, empty
-- clusters keeping their old centre, iterated a given number of times.
-- ==
-- entry: kmeans1d
-- input { 1i32 [0.0, 10.0] [1.0, 2.0, 9.0, 12.0, 5.0] }
-- output { [2.6666667, 10.5] [0i64, 0i64, 1i64, 1i64, 0i64] }
-- input { 3i32 [0.0, 10.0] [1.0, 2.0, 9.0, 12.0, 5.0] }
-- output { [2.6666667, 10.5] [0i64, 0i64, 1i64, 1i64, 0i64] }
-- input { 1i32 [0.0, 100.0] [1.0, 3.0] }
-- output { [2.0, 100.0] [0i64, 0i64] }
-- input { 0i32 [4.0] empty([0]f64) }
-- output { [4.0] empty([0]i64) }

def nearest [k] (cs: [k]f64) (p: f64) : i64 =
  let (i, _) = reduce (\(i1, d1) (i2, d2) -> if d2 < d1 || (d2 == d1 && i2 < i1) then (i2, d2) else (i1, d1))
                      (k, f64.inf) (map2 (\i c -> (i, f64.abs (p - c))) (iota k) cs)
  in i

entry kmeans1d [k][n] (iters: i32) (cs0: [k]f64) (ps: [n]f64) : ([k]f64, [n]i64) =
  let cs = loop cs = cs0 for _i < iters do
             let assign = map (nearest cs) ps
             let acc = reduce_by_index (replicate k (0i64, 0f64))
                                       (\(c1, s1) (c2, s2) -> (c1 + c2, s1 + s2)) (0, 0)
                                       assign (map (\p -> (1, p)) ps)
             in map2 (\(c, s) old -> if c == 0 then old else s / f64.i64 c) acc cs
  in (cs, map (nearest cs) ps)
