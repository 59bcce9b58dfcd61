-- argmax/argmin as reductions over (index, value) tuples, ties to the smaller index,
-- and both at once with a 4-tuple operator.
-- ==
-- entry: argmax
-- input { [1.0f32, 5.5f32, -2.0f32, 5.5f32, 3.0f32] }
-- output { 1i64 5.5f32 }
-- input { empty([0]f32) }
-- output { -1i64 -f32.inf }
-- input { [-1.0f32] }
-- output { 0i64 -1.0f32 }
-- input { [-3.0f32, -2.0f32, -2.5f32] }
-- output { 1i64 -2.0f32 }

-- ==
-- entry: argmin
-- input { [4i32, 2i32, 8i32, 2i32, 9i32] }
-- output { 1i64 2i32 }
-- input { [7i32] }
-- output { 0i64 7i32 }
-- input { [3i32, -1i32, -1i32, -5i32] }
-- output { 3i64 -5i32 }

-- ==
-- entry: both
-- input { [4i32, 2i32, 8i32, 2i32, 9i32, 9i32, 0i32] }
-- output { 6i64 4i64 }
-- input { [1i32, 1i32, 1i32] }
-- output { 0i64 0i64 }

def argmax_op (i1: i64, v1: f32) (i2: i64, v2: f32) : (i64, f32) =
  if v1 > v2 then (i1, v1)
  else if v2 > v1 then (i2, v2)
  else if i1 < 0 then (i2, v2)
  else if i2 < 0 then (i1, v1)
  else (i64.min i1 i2, v1)

entry argmax (xs: []f32) : (i64, f32) =
  reduce argmax_op (-1, -f32.inf) (zip (indices xs) xs)

entry argmin (xs: []i32) : (i64, i32) =
  reduce (\(i, a) (j, b) -> if a < b || (a == b && i < j) then (i, a) else (j, b))
         (-1, i32.highest)
         (zip (indices xs) xs)
  |> \(i, v) -> if v == i32.highest && i == -1 then (-1, v) else (i, v)

entry both (xs: []i32) : (i64, i64) =
  let (imin, _, imax, _) =
    reduce (\(i1, a1, j1, b1) (i2, a2, j2, b2) ->
              let (i, a) = if a2 < a1 || (a2 == a1 && i2 < i1) then (i2, a2) else (i1, a1)
              let (j, b) = if b2 > b1 || (b2 == b1 && j2 < j1) then (j2, b2) else (j1, b1)
              in (i, a, j, b))
           (i64.highest, i32.highest, i64.highest, i32.lowest)
           (map2 (\i x -> (i, x, i, x)) (indices xs) xs)
  in (imin, imax)
