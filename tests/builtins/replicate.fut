-- replicate: scalars, zero copies, and arrays of arrays.
-- ==
-- entry: scalar
-- input { 3i64 7 } output { [7, 7, 7] }
-- input { 0i64 7 } output { empty([0]i32) }
-- input { 1i64 -2 } output { [-2] }
entry scalar (n: i64) (x: i32) : []i32 = replicate n x

-- ==
-- entry: rows
-- input { 2i64 [1.5, 2.5] } output { [[1.5, 2.5], [1.5, 2.5]] }
-- input { 0i64 [1.5, 2.5] } output { empty([0][2]f64) }
entry rows (n: i64) (xs: []f64) : [][]f64 = replicate n xs

-- ==
-- entry: tuples
-- input { 2i64 } output { [1, 1] [true, true] }
entry tuples (n: i64) : ([]i32, []bool) = unzip (replicate n (1, true))
