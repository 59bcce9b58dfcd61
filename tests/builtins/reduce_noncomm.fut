-- reduce with associative but non-commutative operators: the order must be kept.
-- ==
-- entry: digits
-- input { [1i64, 2i64, 3i64, 4i64] } output { 1234i64 }
-- input { [0i64, 5i64, 0i64] } output { 50i64 }
-- input { empty([0]i64) } output { 0i64 }
entry digits (xs: []i64) : i64 =
  -- (value, 10^number-of-digits): concatenation of decimal digit strings.
  let op (a: i64, pa: i64) (b: i64, pb: i64) = (a * pb + b, pa * pb)
  let (v, _) = reduce op (0, 1) (map (\d -> (d, 10)) xs)
  in v

-- ==
-- entry: matmul
-- input { [[1, 1], [0, 1], [2, 0]] [[1, 0], [1, 1], [0, 3]] }
-- output { 2 6 0 3 }
-- input { empty([0][2]i32) empty([0][2]i32) } output { 1 0 0 1 }
entry matmul (tops: [][2]i32) (bots: [][2]i32) : (i32, i32, i32, i32) =
  -- product of the 2x2 matrices [[a, b], [c, d]] in order.
  let mul (a, b, c, d) (e, f, g, h) = (a*e + b*g, a*f + b*h, c*e + d*g, c*f + d*h)
  in reduce mul (1, 0, 0, 1) (map2 (\t u -> (t[0], t[1], u[0], u[1])) tops bots)

-- ==
-- entry: first
-- input { [5, 6, 7] } output { 5 }
entry first (xs: []i32) : i32 =
  let op (x: (bool, i32)) (y: (bool, i32)) = if x.0 then x else y
  in (reduce op (false, 0) (map (\x -> (true, x)) xs)).1
