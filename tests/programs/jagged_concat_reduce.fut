-- Reductions and scans whose operator is concatenation over jagged rows (the
-- lecture's `reduce (++) []`), replacing a row by one of another length, and transposing a
-- jagged array, which must fail at run time.
-- ==
-- entry: concat_all
-- input { [2i64, 0i64, 3i64] }
-- output { [0i64, 10i64, 0i64, 10i64, 20i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- input { [1i64] }
-- output { [0i64] }

-- ==
-- entry: concat_prefixes
-- input { [2i64, 0i64, 3i64] }
-- output { [[0i64, 10i64], [0i64, 10i64], [0i64, 10i64, 0i64, 10i64, 20i64]] }

-- ==
-- entry: replace_first
-- input { [2i64, 3i64] 4i64 }
-- output { [[0i64, 1i64, 2i64, 3i64], [0i64, 10i64, 20i64]] }
-- input { [1i64] 0i64 }
-- output { [empty([0]i64)] }

-- ==
-- entry: bad_transpose
-- input { [2i64, 3i64] } error: irregular|transpose
-- input { [2i64, 2i64, 2i64] }
-- output { [[0i64, 0i64, 0i64], [10i64, 10i64, 10i64]] }

def rows (ns: []i64) : [][]i64 = map (\n -> map (* 10) (iota n)) ns

entry concat_all (ns: []i64) : []i64 = reduce (++) [] (rows ns)

entry concat_prefixes (ns: []i64) : [][]i64 = scan (++) [] (rows ns)

entry replace_first (ns: []i64) (k: i64) : [][]i64 =
  let a = copy (rows ns)
  in a with [0] = iota k

entry bad_transpose (ns: []i64) : [][]i64 = transpose (rows ns)
