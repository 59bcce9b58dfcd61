-- f32 math functions: sqrt/exp/log (with -inf), hypot/atan2 in all quadrants, the four
-- rounding functions (round is half-to-even), IEEE infinities and NaN from division,
-- pow/cbrt, special functions, and a numerically stable softmax.
-- ==
-- entry: basic
-- input { [0.0f32, 1.0f32, 4.0f32, 2.25f32] }
-- output { [0.0f32, 1.0f32, 2.0f32, 1.5f32] [1.0f32, 2.7182817f32, 54.59815f32, 9.487736f32] [-f32.inf, 0.0f32, 1.3862944f32, 0.8109302f32] }

-- ==
-- entry: polar
-- input { [3.0f32, 0.0f32, -1.0f32, 1.0f32] [4.0f32, 2.0f32, 0.0f32, -1.0f32] }
-- output { [5.0f32, 2.0f32, 1.0f32, 1.4142135f32] [0.9272952f32, 1.5707964f32, 3.1415927f32, -0.7853982f32] }

-- ==
-- entry: rounding
-- input { [2.5f32, -2.5f32, 1.5f32, -0.4f32, 3.7f32] }
-- output { [2.0f32, -3.0f32, 1.0f32, -1.0f32, 3.0f32] [3.0f32, -2.0f32, 2.0f32, 0.0f32, 4.0f32] [2.0f32, -2.0f32, 2.0f32, 0.0f32, 4.0f32] [2.0f32, -2.0f32, 1.0f32, 0.0f32, 3.0f32] }

-- ==
-- entry: ieee
-- input { 2.0f32 }
-- output { f32.inf true true 2.0f32 }
-- input { -3.0f32 }
-- output { -f32.inf true true -3.0f32 }

-- ==
-- entry: powers
-- input { [0.0f32, 1.0f32, 10.0f32, -1.0f32, 0.5f32] [27.0f32, -8.0f32, 0.0f32, 1.0f32, 0.125f32] }
-- output { [1.0f32, 2.0f32, 1024.0f32, 0.5f32, 1.4142135f32] [3.0f32, -2.0f32, 0.0f32, 1.0f32, 0.5f32] }

-- ==
-- entry: special
-- input { 5.0f32 }
-- output { 24.0f32 3.1780539f32 1.0f32 0.0f32 }

-- ==
-- entry: softmax
-- input { [1.0f32, 2.0f32, 3.0f32] }
-- output { [0.09003057f32, 0.24472847f32, 0.66524096f32] }
-- input { [5.0f32, 5.0f32] }
-- output { [0.5f32, 0.5f32] }
-- input { [1000.0f32, 0.0f32] }
-- output { [1.0f32, 0.0f32] }

entry basic (xs: []f32) : ([]f32, []f32, []f32) = (map f32.sqrt xs, map f32.exp xs, map f32.log xs)

entry polar [n] (xs: [n]f32) (ys: [n]f32) : ([n]f32, [n]f32) =
  (map2 f32.hypot xs ys, map2 f32.atan2 ys xs)

entry rounding (xs: []f32) : ([]f32, []f32, []f32, []f32) =
  (map f32.floor xs, map f32.ceil xs, map f32.round xs, map f32.trunc xs)

entry ieee (x: f32) : (f32, bool, bool, f32) =
  let inf = x / 0f32
  in (inf, f32.isinf inf, f32.isnan (inf - inf), f32.max f32.nan x)

entry powers [n] (xs: [n]f32) (ys: [n]f32) : ([n]f32, [n]f32) =
  (map (\x -> f32.pow 2 x) xs, map f32.cbrt ys)

entry special (x: f32) : (f32, f32, f32, f32) = (f32.gamma x, f32.lgamma x, f32.erf x, f32.erf 0)

entry softmax (xs: []f32) : []f32 =
  let m = f32.maximum xs
  let es = map (\x -> f32.exp (x - m)) xs
  let s = f32.sum es
  in map (/ s) es
