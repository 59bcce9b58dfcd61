-- Maps over segments given by two views of one offsets array, o[s:] and o[s+1:], whose inner
-- widths (e - s, or the size of the row xs[s:e]) telescope: the flattened version takes the
-- segments' offsets as o[s + k] - o[s] (irregular.c telescoping) instead of scanning the
-- widths.  Offsets that start past 0, rows from a later start, empty rows, no rows, and
-- offsets that decrease (the row's slice fails, as it does unflattened).

-- ==
-- entry: sums
-- input { [2i64, 2i64, 5i64, 9i64] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }
-- output { [0, 12, 30] }
-- input { [0i64, 0i64, 0i64] [1, 2] }
-- output { [0, 0] }
-- input { [3i64] [1, 2, 3, 4] }
-- output { empty([0]i32) }
-- input { [0i64, 3i64, 1i64] [1, 2, 3, 4] }
-- error: out of bounds
entry sums (o: []i64) (xs: []i32) : []i32 =
  let n = length o - 1
  in map2 (\s e -> reduce (+) 0 xs[s:e]) o[0:n] o[1:n + 1]

-- ==
-- entry: from
-- input { 1i64 [0i64, 1i64, 4i64, 4i64, 6i64] [1, 2, 3, 4, 5, 6, 7] }
-- output { [18, 0, 22] }
-- input { 4i64 [0i64, 1i64, 4i64, 4i64, 6i64] [1, 2, 3, 4, 5, 6, 7] }
-- output { empty([0]i32) }
entry from (k: i64) (o: []i64) (xs: []i32) : []i32 =
  let n = length o - 1
  in map2 (\s e -> i32.sum (map (* 2) xs[s:e])) o[k:n] o[k + 1:n + 1]

-- The widths written as e - s, a scan of each row (its results: the rows flat at the offsets).
-- ==
-- entry: prefix
-- input { [1i64, 3i64, 3i64, 6i64] [9, 1, 2, 3, 4, 5, 6] }
-- output { [1, 3, 3, 7, 12] [2, 0, 3] }
entry prefix (o: []i64) (xs: []i32) : ([]i32, []i64) =
  let n = length o - 1
  let rows = map2 (\s e -> scan (+) 0 (map (\j -> xs[j]) (s..<e))) o[0:n] o[1:n + 1]
  in (flatten rows, map2 (\s e -> e - s) o[0:n] o[1:n + 1])
