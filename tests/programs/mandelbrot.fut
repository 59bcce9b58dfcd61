-- Escape-time Mandelbrot on a small grid in f32: a while loop per pixel whose trip count
-- varies across the map.
-- ==
-- input { 6i64 4i64 10i32 }
-- output { [[1i32, 2i32, 3i32, 4i32, 10i32, 2i32], [1i32, 3i32, 5i32, 10i32, 10i32, 5i32], [1i32, 10i32, 10i32, 10i32, 10i32, 5i32], [1i32, 3i32, 5i32, 10i32, 10i32, 5i32]] }
-- input { 8i64 5i64 20i32 }
-- output { [[1i32, 2i32, 3i32, 3i32, 4i32, 13i32, 4i32, 2i32], [1i32, 3i32, 3i32, 5i32, 20i32, 20i32, 14i32, 3i32], [1i32, 5i32, 11i32, 20i32, 20i32, 20i32, 20i32, 4i32], [1i32, 5i32, 11i32, 20i32, 20i32, 20i32, 20i32, 4i32], [1i32, 3i32, 3i32, 5i32, 20i32, 20i32, 14i32, 3i32]] }

-- ==
-- entry: total
-- input { 6i64 4i64 10i32 }
-- output { 136i32 }
-- input { 3i64 3i64 50i32 }
-- output { 178i32 }

def divergence (c_re: f32) (c_im: f32) (d: i32) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0f32, 0f32, 0) while i < d && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + c_re, 2 * zr * zi + c_im, i + 1)
  in i

def main (w: i64) (h: i64) (d: i32) : [h][w]i32 =
  tabulate h (\y ->
    tabulate w (\x ->
      let c_re = -2 + 3 * f32.i64 x / f32.i64 w
      let c_im = -1 + 2 * f32.i64 y / f32.i64 h
      in divergence c_re c_im d))

entry total (w: i64) (h: i64) (d: i32) : i32 = i32.sum (flatten (main w h d))
