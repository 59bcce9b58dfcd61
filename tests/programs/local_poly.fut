-- Local and top-level polymorphic functions: twice/compose, a generic
-- `count` by predicate used at three element types, and a local polymorphic swap.
-- ==
-- entry: counts
-- input { [1i32, -2i32, 3i32, 0i32] [0.25f64, 0.5f64, 1.0f64, -3.0f64] [true, true, false] }
-- output { 2i64 2i64 2i64 }
-- input { empty([0]i32) empty([0]f64) empty([0]bool) }
-- output { 0i64 0i64 0i64 }

-- ==
-- entry: quad
-- input { 3i32 1.25f32 }
-- output { 48i32 2.25f32 }
-- input { -5i32 0.0f32 }
-- output { -80i32 1.0f32 }

-- ==
-- entry: pipeline
-- input { [1i32, 2i32, 3i32] }
-- output { [7i32, 12i32, 19i32] }
-- input { [0i32] }
-- output { [2i32] }

def twice 'a (f: a -> a) (x: a) : a = f (f x)

def count 't (p: t -> bool) (xs: []t) : i64 = i64.sum (map (\x -> if p x then 1 else 0) xs)

def compose 'a 'b 'c (g: b -> c) (f: a -> b) : a -> c = \x -> g (f x)

entry counts (xs: []i32) (ys: []f64) (zs: []bool) : (i64, i64, i64) =
  (count (> 0) xs, count (\y -> y < 0.5) ys, count (\b -> b) zs)

entry quad (x: i32) (y: f32) : (i32, f32) =
  (twice (twice (*2)) x, twice (+ 0.5) y)

entry pipeline (xs: []i32) : []i32 =
  let inc_then_square = compose (\x -> x * x) (+1)
  let swap 'p 'q (a: p, b: q) : (q, p) = (b, a)
  let (a, b) = swap (xs, length xs)
  in map inc_then_square b |> map (+ i32.i64 a)
