-- k-means clustering in 2D: nearest-centre assignment (argmin over a tuple reduction),
-- new centres from reduce_by_index sums and counts, iterated in a loop.
-- ==
-- input { 3i32 [[0.0f64, 0.0f64], [0.5f64, 0.0f64], [0.0f64, 1.0f64], [10.0f64, 10.0f64], [11.0f64, 10.0f64], [10.0f64, 12.0f64], [-5.0f64, 6.0f64], [-6.0f64, 6.0f64]] [[0.0f64, 0.0f64], [1.0f64, 1.0f64], [2.0f64, 2.0f64]] }
-- output { [[-5.5f64, 6.0f64], [0.16666666666667f64, 0.33333333333333f64], [10.333333333333f64, 10.666666666667f64]] [1i64, 1i64, 1i64, 2i64, 2i64, 2i64, 0i64, 0i64] }
-- input { 0i32 [[0.0f64, 0.0f64], [0.5f64, 0.0f64], [0.0f64, 1.0f64], [10.0f64, 10.0f64], [11.0f64, 10.0f64], [10.0f64, 12.0f64], [-5.0f64, 6.0f64], [-6.0f64, 6.0f64]] [[0.0f64, 0.0f64], [10.0f64, 10.0f64]] }
-- output { [[0.0f64, 0.0f64], [10.0f64, 10.0f64]] [0i64, 0i64, 0i64, 1i64, 1i64, 1i64, 0i64, 0i64] }
-- input { 5i32 [[0.0f64, 0.0f64], [0.5f64, 0.0f64], [0.0f64, 1.0f64], [10.0f64, 10.0f64], [11.0f64, 10.0f64], [10.0f64, 12.0f64], [-5.0f64, 6.0f64], [-6.0f64, 6.0f64]] [[100.0f64, 100.0f64], [-100.0f64, 0.0f64]] }
-- output { [[100.0f64, 100.0f64], [2.5625f64, 5.625f64]] [1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64] }

def dist2 (p: [2]f64) (c: [2]f64) : f64 = (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2

def nearest [k] (cs: [k][2]f64) (p: [2]f64) : i64 =
  let (j, _) = reduce (\(i, a) (j, b) -> if b < a || (b == a && j < i) then (j, b) else (i, a))
                      (k, f64.inf)
                      (zip (iota k) (map (dist2 p) cs))
  in j

def step [n][k] (pts: [n][2]f64) (cs: [k][2]f64) : [k][2]f64 =
  let assign = map (nearest cs) pts
  let sums = reduce_by_index (replicate k [0, 0]) (map2 (+)) [0, 0] assign pts
  let counts = reduce_by_index (replicate k 0) (+) 0 assign (replicate n 1i64)
  in map3 (\s c old -> if c == 0 then old else map (/ f64.i64 c) s) sums counts cs

entry main [n][k] (iters: i32) (pts: [n][2]f64) (cs: [k][2]f64) : ([k][2]f64, [n]i64) =
  let cs' = loop cs for _i < iters do step pts cs
  in (cs', map (nearest cs') pts)
