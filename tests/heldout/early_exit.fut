-- Loops with data-dependent exits: per row, how many leading elements fit under a budget
-- (a while loop whose condition indexes the row), and the longest run of equal values
-- with a for-in loop carrying a tuple.
-- ==
-- entry: fit_count
-- input { 5i32 [[1i32, 2i32, 3i32, 4i32], [10i32, 1i32, 1i32, 1i32], [0i32, 0i32, 0i32, 0i32]] }
-- output { [2i64, 0i64, 4i64] }
-- input { 0i32 empty([0][4]i32) }
-- output { empty([0]i64) }

-- ==
-- entry: longest_run
-- input { [1i32, 1i32, 2i32, 2i32, 2i32, 1i32] }
-- output { 3i64 }
-- input { empty([0]i32) }
-- output { 0i64 }
-- input { [5i32] }
-- output { 1i64 }
-- input { [7i32, 7i32, 7i32, 7i32, 1i32, 7i32] }
-- output { 4i64 }

entry fit_count [n][m] (budget: i32) (rows: [n][m]i32) : [n]i64 =
  map (\row -> let (i, _) = loop (i, s) = (0, 0) while i < m && s + row[i] <= budget do (i + 1, s + row[i])
               in i) rows

entry longest_run (xs: []i32) : i64 =
  let (best, _, _) =
    loop (best, cur, prev) = (0, 0, i32.lowest) for x in xs do
      let cur' = if cur > 0 && x == prev then cur + 1 else 1
      in (i64.max best cur', cur', x)
  in best
