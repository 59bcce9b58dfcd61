-- scan with non-commutative operators.
-- Composition of affine maps x -> a*x + b, applied left to right; result applied to 1.
-- ==
-- entry: affine
-- input { [2, 3, 1] [1, 0, -4] } output { [3, 9, 5] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }
entry affine (as: []i32) (bs: []i32) : []i32 =
  let comp (a1: i32, b1: i32) (a2: i32, b2: i32) = (a2 * a1, a2 * b1 + b2)
  in map (\(a, b) -> a + b) (scan comp (1, 0) (zip as bs))

-- ==
-- entry: digits
-- input { [1i64, 0i64, 2i64] } output { [1i64, 10i64, 102i64] }
entry digits (xs: []i64) : []i64 =
  let op (a: i64, pa: i64) (b: i64, pb: i64) = (a * pb + b, pa * pb)
  in map (\(v, _) -> v) (scan op (0, 1) (map (\d -> (d, 10)) xs))
