-- A size parameter bound by the type of a pattern inside a parameter whose outer type leaves
-- that dimension unnamed: ((_, xs: [n]t): (i32, []t)) gives n from the tuple's second array.
-- ==
-- entry: first_plus_len
-- input { 2 [10i64, 20i64, 30i64] } output { 13i64 5i64 }

-- ==
-- entry: record_rows
-- input { [[1, 2], [3, 4], [5, 6]] } output { 3i64 2i64 21 }

def f [n] ((k, xs: [n]i64): (i32, []i64)) : (i64, i64) = (n + xs[0], n + i64.i32 k)

def g [r] [c] ({m = m: [r][c]i32}: {m: [][]i32}) : (i64, i64, i32) = (r, c, i32.sum (flatten m))

entry first_plus_len (k: i32) (xs: []i64) = f (k, xs)

entry record_rows (m: [][]i32) = g {m}
