-- zip3..zip5 and unzip3..unzip5 round trips.
-- ==
-- entry: z3
-- input { [1, 2] [true, false] [0.5, 1.5] } output { [0.5, 1.5] [1, 2] [true, false] }
entry z3 (xs: []i32) (bs: []bool) (fs: []f64) : ([]f64, []i32, []bool) =
  let (a, b, c) = unzip3 (zip3 xs bs fs)
  in (c, a, b)

-- ==
-- entry: z4
-- input { [1, 2] [3, 4] [5, 6] [7, 8] } output { [8, 7] [6, 5] [4, 3] [2, 1] }
entry z4 (a: []i32) (b: []i32) (c: []i32) (d: []i32) : ([]i32, []i32, []i32, []i32) =
  let (w, x, y, z) = unzip4 (reverse (zip4 d c b a))
  in (w, x, y, z)

-- ==
-- entry: z5
-- input { [1u8] [2i16] [3i64] [4f32] [true] } output { [1u8] [2i16] [3i64] [4f32] [true] }
entry z5 (a: []u8) (b: []i16) (c: []i64) (d: []f32) (e: []bool) : ([]u8, []i16, []i64, []f32, []bool) =
  unzip5 (zip5 a b c d e)

-- ==
-- entry: z5sum
-- input { [1, 2] [10, 20] [100, 200] [1000, 2000] [10000, 20000] } output { [11111, 22222] }
entry z5sum (a: []i32) (b: []i32) (c: []i32) (d: []i32) (e: []i32) : []i32 =
  map (\(v, w, x, y, z) -> v + w + x + y + z) (zip5 a b c d e)
