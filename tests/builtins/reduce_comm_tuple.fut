-- reduce_comm with a commutative tuple operator (min and max at once) and on floats.
-- ==
-- entry: minmax
-- input { [4, -2, 9, 0] } output { -2 9 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 }
entry minmax (xs: []i32) : (i32, i32) =
  reduce_comm (\(a, b) (c, d) -> (i32.min a c, i32.max b d)) (i32.highest, i32.lowest) (map (\x -> (x, x)) xs)

-- ==
-- entry: fsum
-- input { [0.5f32, 0.25f32, 2f32] } output { 2.75f32 }
entry fsum (xs: []f32) : f32 = reduce_comm (+) 0 xs
