-- scan is inclusive.
-- ==
-- entry: plus
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] }
-- input { [42] } output { [42] }
-- input { empty([0]i32) } output { empty([0]i32) }
entry plus (xs: []i32) : []i32 = scan (+) 0 xs

-- ==
-- entry: maxscan
-- input { [3.0, 1.0, 4.0, 1.0, 5.0] } output { [3.0, 3.0, 4.0, 4.0, 5.0] }
entry maxscan (xs: []f64) : []f64 = scan f64.max (-f64.inf) xs

-- ==
-- entry: andscan
-- input { [true, true, false, true] } output { [true, true, false, false] }
entry andscan (xs: []bool) : []bool = scan (&&) true xs
