-- The test runner: values in several forms, several blocks and entry points, data files.
-- ==
-- entry: id_i32
-- input { 1 } output { 1 }
-- input { -5i32 } output { -5i32 }
-- compiled input { 7 } output { 7 }

-- ==
-- entry: id_arr
-- input { [1, 2, 3] } output { [1, 2, 3] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- input { [ -- a comment inside the values
--   4, 5 ] }
-- output { [4i32, 5i32] }

-- ==
-- entry: id_mat
-- input { [[1.5f32, 2f32],
--          [3f32, 4f32]] }
-- output { [[1.5f32, 2f32],
--           [3f32, 4f32]] }
-- input { empty([2][0]f32) } output { empty([2][0]f32) }

-- ==
-- entry: swap
-- input { true 2i64 } output { 2i64 true }

-- ==
-- entry: sum
-- input @ data/sum.in output @ data/sum.out

-- ==
-- entry: id2 id3
-- "named case" input { 1.0 } output { 1.0f64 }
-- input { 0.1 } output { 0.1001 }

entry id_i32 (x: i32) = x
entry id_arr (xs: []i32) = xs
entry id_mat (xss: [][]f32) = xss
entry swap (b: bool) (n: i64) = (n, b)
entry sum (xs: []i32) (y: f32) = f32.i32 (reduce (+) 0 xs) + y
entry id2 (x: f64) = x
entry id3 (x: f64) = x + 0
