-- Stencils iterated in loops: 1D Jacobi smoothing with fixed ends (f64) and a 3x3 integer
-- box blur with clamped borders.
-- ==
-- entry: jacobi
-- input { 1i32 [0.0f64, 3.0f64, 6.0f64, 0.0f64] }
-- output { [0.0f64, 3.0f64, 3.0f64, 0.0f64] }
-- input { 5i32 [1.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 9.0f64] }
-- output { [1.0f64, 0.8641975308642f64, 1.2962962962963f64, 2.7777777777778f64, 5.4732510288066f64, 9.0f64] }
-- input { 0i32 [2.0f64] }
-- output { [2.0f64] }
-- input { 3i32 empty([0]f64) }
-- output { empty([0]f64) }

-- ==
-- entry: blur
-- input { 1i32 [[9i32, 0i32, 0i32], [0i32, 90i32, 0i32], [0i32, 0i32, 9i32]] }
-- output { [[14i32, 12i32, 10i32], [12i32, 12i32, 12i32], [10i32, 12i32, 14i32]] }
-- input { 2i32 [[100i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 50i32]] }
-- output { [[30i32, 18i32, 7i32, 3i32], [18i32, 12i32, 9i32, 9i32], [6i32, 6i32, 10i32, 15i32]] }
-- input { 0i32 [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32]] }

entry jacobi [n] (k: i32) (xs: [n]f64) : [n]f64 =
  loop xs for _i < k do
    map (\i -> if i == 0 || i == n - 1 then xs[i]
               else (xs[i-1] + xs[i] + xs[i+1]) / 3)
        (iota n)

def clamp (lo: i64) (hi: i64) (x: i64) = i64.max lo (i64.min hi x)

entry blur [n][m] (k: i32) (g: [n][m]i32) : [n][m]i32 =
  loop g for _i < k do
    tabulate n (\i ->
      tabulate m (\j ->
        let s = loop s = 0 for di in [-1, 0, 1] do
                  loop s for dj in [-1, 0, 1] do
                    s + g[clamp 0 (n-1) (i+di), clamp 0 (m-1) (j+dj)]
        in s / 9))
