-- Decimal digits of each number as a jagged array (a while loop with a growing array per
-- element), digit sums, and numbers whose digits are non-decreasing.
-- ==
-- entry: all_digits
-- input { [0i64, 7i64, 42i64, 1000i64, 98765i64] }
-- output { [empty([0]i64), [7i64], [4i64, 2i64], [1i64, 0i64, 0i64, 0i64], [9i64, 8i64, 7i64, 6i64, 5i64]] }

-- ==
-- entry: digit_sums
-- input { [0i64, 19i64, 999i64, 123456789i64] }
-- output { [0i64, 10i64, 27i64, 45i64] }

-- ==
-- entry: monotone
-- input { 9i64 }
-- output { 9i64 }
-- input { 100i64 }
-- output { 54i64 }
-- input { 250i64 }
-- output { 120i64 }

def digits (n: i64) : []i64 =
  let (ds, _) = loop (ds: []i64, m) = (replicate 0 0, n) while m > 0 do
                  (ds ++ [m % 10], m / 10)
  in reverse ds

entry all_digits (ns: []i64) : [][]i64 = map digits ns

entry digit_sums (ns: []i64) : []i64 = map (digits >-> i64.sum) ns

entry monotone (limit: i64) : i64 =
  let ok (ds: []i64) = all (\i -> ds[i] <= ds[i+1]) (iota (length ds - 1))
  in length (filter (\n -> ok (digits n)) (1...limit))
