-- Operators named through a type's namespace, as functions: (i32.+), (f32./), (u8.^), the
-- comparisons, and f64.t as a type.
-- ==
-- entry: sums
-- input { [1, 2, 3] [10, 20, 30] } output { [11, 22, 33] 6 }

-- ==
-- entry: divs
-- input { [1f32, 3f32] [2f32, 4f32] } output { [0.5f32, 0.75f32] }

-- ==
-- entry: xors
-- input { [1u8, 255u8] [3u8, 15u8] } output { [2u8, 240u8] }

-- ==
-- entry: less
-- input { [1i64, 5i64] [2i64, 2i64] } output { [true, false] }

-- ==
-- entry: typed
-- input { 2.5 } output { 5.0 }

entry sums (xs: []i32) (ys: []i32) = (map2 (i32.+) xs ys, reduce (i32.+) 0 xs)
entry divs (xs: []f32) (ys: []f32) = map2 (f32./) xs ys
entry xors (xs: []u8) (ys: []u8) = map2 (u8.^) xs ys
entry less (xs: []i64) (ys: []i64) = map2 (i64.<) xs ys
entry typed (x: f64.t) : f64.t = x f64.* 2
