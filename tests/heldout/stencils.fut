-- Stencils: a 1-D three-point average iterated in a loop (fixed boundaries) and a 2-D 3x3
-- box sum with clamped indices.
-- ==
-- entry: heat
-- input { 1i32 [0.0, 0.0, 9.0, 0.0, 0.0] }
-- output { [0.0, 3.0, 3.0, 3.0, 0.0] }
-- input { 2i32 [0.0, 0.0, 9.0, 0.0, 0.0] }
-- output { [0.0, 2.0, 3.0, 2.0, 0.0] }
-- input { 0i32 [1.0, 2.0] }
-- output { [1.0, 2.0] }
-- input { 3i32 empty([0]f64) }
-- output { empty([0]f64) }

-- ==
-- entry: blur
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[18i32, 21i32], [24i32, 27i32]] }
-- input { [[5i32]] }
-- output { [[45i32]] }
-- input { [[1i32, 0i32, 0i32], [0i32, 0i32, 0i32], [0i32, 0i32, 0i32]] }
-- output { [[4i32, 2i32, 0i32], [2i32, 1i32, 0i32], [0i32, 0i32, 0i32]] }

entry heat [n] (steps: i32) (xs: [n]f64) : [n]f64 =
  loop u = xs for _i < steps do
    map (\i -> if i == 0 || i == n - 1 then u[i] else (u[i - 1] + u[i] + u[i + 1]) / 3) (iota n)

def clamp (x: i64) (n: i64) : i64 = i64.max 0 (i64.min (n - 1) x)

entry blur [n][m] (a: [n][m]i32) : [n][m]i32 =
  map (\i -> map (\j -> i32.sum (map (\d -> let di = d / 3 - 1
                                             let dj = d % 3 - 1
                                             in a[clamp (i + di) n, clamp (j + dj) m])
                                      (iota 9)))
                 (iota m))
      (iota n)
