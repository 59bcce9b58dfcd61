-- Summed-area tables from scans over rows then columns, and rectangle sums computed two
-- ways: directly from a 2-D slice and by inclusion-exclusion on the table.
-- ==
-- entry: sat
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 3i32, 6i32], [5i32, 12i32, 21i32]] }
-- input { [[-1i32], [1i32], [5i32]] }
-- output { [[-1i32], [0i32], [5i32]] }

-- ==
-- entry: rect_sum
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] 1i64 0i64 3i64 2i64 }
-- output { 24i32 24i32 }
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] 1i64 1i64 1i64 3i64 }
-- output { 0i32 0i32 }
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] 0i64 0i64 3i64 3i64 }
-- output { 45i32 45i32 }

def sat_of [n][m] (a: [n][m]i32) : [n][m]i32 =
  transpose (map (scan (+) 0) (transpose (map (scan (+) 0) a)))

entry sat [n][m] (a: [n][m]i32) : [n][m]i32 = sat_of a

entry rect_sum [n][m] (a: [n][m]i32) (r0: i64) (c0: i64) (r1: i64) (c1: i64) : (i32, i32) =
  let direct = i32.sum (flatten a[r0:r1, c0:c1])
  let s = sat_of a
  let at = \(i: i64) (j: i64) : i32 -> if i < 0 || j < 0 then 0 else s[i, j]
  let via = at (r1 - 1) (c1 - 1) - at (r0 - 1) (c1 - 1) - at (r1 - 1) (c0 - 1) + at (r0 - 1) (c0 - 1)
  in (direct, via)
