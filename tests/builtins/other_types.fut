-- Array builtins on element types other than i32: bool, u8, f32, i16, and tuples.
-- ==
-- entry: bools
-- input { [true, true, false] } output { [false, true, true] [true, false, true] [false, true, true, true, true, false] }
entry bools (bs: []bool) : ([]bool, []bool, []bool) = (reverse bs, rotate 1 bs, reverse bs ++ bs)

-- ==
-- entry: bytes
-- input { [250u8, 3u8, 7u8] } output { [4u8, 13u8, 17u8] 4u8 [3u8, 7u8] }
entry bytes (xs: []u8) : ([]u8, u8, []u8) = (map (+ 10) xs, reduce (+) 0 xs, filter (< 200) xs)

-- ==
-- entry: halves
-- input { [1i16, -2i16, 3i16] } output { [-2i16, 3i16, 1i16] -2i16 [[1i16, -2i16, 3i16], [1i16, -2i16, 3i16]] }
entry halves (xs: []i16) : ([]i16, i16, [][]i16) = (rotate 1 xs, i16.minimum xs, replicate 2 xs)

-- ==
-- entry: pairs
-- input { [1, 2, 3] [0.5f32, 1.5f32, 2.5f32] } output { [3, 2, 1] [2.5f32, 1.5f32, 0.5f32] }
entry pairs (xs: []i32) (ys: []f32) : ([]i32, []f32) = unzip (reverse (zip xs ys))
