-- scan for factorials (i64 *), prefix maxima with positions, and scan over array rows.
-- ==
-- entry: fact
-- input { 6i64 } output { [1i64, 2i64, 6i64, 24i64, 120i64, 720i64] }
-- input { 0i64 } output { empty([0]i64) }
entry fact (n: i64) : []i64 = scan (*) 1 (map (+ 1) (iota n))

-- ==
-- entry: runmax
-- input { [2, 5, 1, 5, 7] } output { [2, 5, 5, 5, 7] [0i64, 1i64, 1i64, 1i64, 4i64] }
entry runmax (xs: []i32) : ([]i32, []i64) =
  let op (x: i32, i: i64) (y: i32, j: i64) = if y > x then (y, j) else (x, i)
  in unzip (scan op (i32.lowest, -1) (zip xs (indices xs)))
