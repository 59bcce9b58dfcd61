-- Arrays without elements are valid whatever their other sizes: compiled programs hold
-- empty([4611686018427387904][0]f64) (2^62 rows of nothing) in constant memory and index,
-- slice, reverse, copy, update, zip and transpose it.  The interpreter keeps every row, so these
-- cases are `compiled` (tests/scripts/huge_sizes.sh checks that it refuses such an input at once).
-- A size that truly overflows is a run-time error at its location on every backend.

-- ==
-- entry: rows
-- compiled input { empty([4611686018427387904][0]f64) } output { 4611686018427387904i64 0i64 }
-- compiled input { empty([0][4611686018427387904]f64) } output { 0i64 4611686018427387904i64 }
entry rows [n][m] (xs: [n][m]f64) : (i64, i64) = (n, m)

-- ==
-- entry: views
-- compiled input { empty([4611686018427387904][0]f64) }
-- output { empty([0]f64) empty([4611686018427387902][0]f64) empty([4611686018427387904][0]f64) empty([0][4611686018427387904]f64) }
entry views [n][m] (xs: [n][m]f64) : ([m]f64, [][m]f64, [n][m]f64, [m][n]f64) =
  (xs[7], xs[1:n-1], reverse xs, transpose xs)

-- ==
-- entry: copies
-- compiled input { empty([4611686018427387904][0]f64) }
-- output { empty([4611686018427387904][0]f64) empty([4611686018427387904][0]f64) empty([4611686018427387904][0]f64) }
entry copies [n][m] (xs: *[n][m]f64) : ([n][m]f64, [n][m]f64, [n][m]f64) =
  let c = copy xs
  let (a, b) = unzip (zip c c)
  in (xs with [3] = replicate m 0f64, a, b)

-- ==
-- entry: cat
-- compiled input { empty([4611686018427387904][0]f64) } error: huge_empty\.fut:33:47: Error: concatenation: 4611686018427387904 rows and 4611686018427387904 more
-- input { empty([2][0]f64) } output { empty([4][0]f64) }
entry cat [n][m] (xs: [n][m]f64) : [][m]f64 = concat xs xs

-- ==
-- entry: flat
-- compiled input { empty([4611686018427387904][4][0]f64) } error: huge_empty\.fut:39:54: Error: flatten: 4611686018427387904 rows of 4 elements
-- input { empty([2][3][0]f64) } output { empty([6][0]f64) }
entry flat [n][m][k] (xs: [n][m][k]f64) : [][k]f64 = flatten xs

-- ==
-- entry: big
-- input { 4611686018427387904i64 } error: huge_empty\.fut:45:30: Error: out of memory
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
entry big (n: i64) : []i64 = iota n
