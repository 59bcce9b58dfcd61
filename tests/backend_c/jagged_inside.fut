-- Jagged arrays inside a program whose results are regular: map of iota/replicate/filter with
-- varying sizes, reductions and scans over the rows, in-place updates of rows.
-- ==
-- entry: row_sums
-- input { [0i64, 3i64, 1i64, 4i64] } output { [0i64, 3i64, 0i64, 6i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
entry row_sums (ns: []i64) : []i64 = map (\n -> reduce (+) 0 (iota n)) ns

-- ==
-- entry: filtered_lengths
-- input { [5i64, 2i64, 7i64] } output { [3i64, 1i64, 4i64] 28i64 }
entry filtered_lengths (ns: []i64) : ([]i64, i64) =
  let rows = map (\n -> filter (\x -> x % 2 == 0) (iota n)) ns
  let lens = map length rows
  in (lens, reduce (+) 0 (map (\r -> reduce (+) 0 (scan (+) 0 r)) rows))

-- ==
-- entry: rep_last
-- input { [1i64, 2i64, 3i64] } output { [1i64, 4i64, 9i64] }
entry rep_last (ns: []i64) : []i64 =
  let rows = map (\n -> replicate n n) ns
  in map (\r -> reduce (+) 0 r) rows

-- ==
-- entry: update_rows
-- input { [2i64, 3i64] } output { [6i64, 303i64] }
entry update_rows (ns: []i64) : []i64 =
  let rows = map (\n -> iota n) ns
  let rows[1] = map (+100) rows[1]
  let rows[0, 1] = 6
  in map (\r -> reduce (+) 0 r) rows
