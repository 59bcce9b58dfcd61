-- Inner reductions, scans and histograms whose neutral element or operator varies per element
-- of the outer map (`reduce i64.min (xs[0] + xs[1]) xs`, an operator clamping at the row's n):
-- a segop's operator is one for all its segments, so the flattener leaves these in the
-- element's thread (irregular.c irr_ops_use, for flatten.c too); they were flattened
-- with the element's value out of scope ("is not in scope" after flatten, on multicore and cuda:
-- Futhark's tests/issue481.fut, `map transpose` of a [][][]i32, met it through the transpose's
-- row check).  Regular and irregular nests.  Expected values worked out by hand.
-- ==
-- entry: reg
-- input { [[3i64, 1i64, 2i64], [5i64, 9i64, 0i64]] }
-- output { [1i64, 0i64] }
-- input { empty([0][2]i64) }
-- output { empty([0]i64) }
entry reg (xss: [][]i64) = map (\xs -> reduce i64.min (xs[0] + xs[1]) xs) xss

-- ==
-- entry: regsized
-- input { [[3i64, 1i64, 2i64], [5i64, 9i64, 0i64]] }
-- output { [1i64, 0i64] }
entry regsized [n][m] (xss: [n][m]i64) = map (\xs -> reduce i64.min (xs[0] + xs[1]) xs) xss

-- ==
-- entry: regscan
-- input { [[3i64, 1i64, 2i64], [5i64, 9i64, 0i64]] }
-- output { [[4i64, 4i64, 4i64], [14i64, 14i64, 14i64]] }
entry regscan [n][m] (xss: [n][m]i64) = map (\xs -> scan i64.max (xs[0] + xs[1]) xs) xss

-- ==
-- entry: irr
-- input { [3i64, 0i64, 5i64] }
-- output { [0i64, 0i64, 0i64] }
entry irr (ns: []i64) = map (\n -> reduce i64.min n (iota n)) ns

-- ==
-- entry: irrop
-- input { [3i64, 0i64, 5i64] }
-- output { [2i64, -9223372036854775808i64, 4i64] }
entry irrop (ns: []i64) = map (\n -> reduce (\a b -> i64.min (i64.max a b) n) i64.lowest (iota n)) ns

-- ==
-- entry: irrscan
-- input { [3i64, 0i64, 4i64] }
-- output { [3i64, 0i64, 4i64] }
entry irrscan (ns: []i64) = map (\n -> let s = scan i64.max n (iota n) in if n > 0 then s[n - 1] else 0) ns

-- ==
-- entry: reghist
-- input { [[3i64, 1i64, 2i64], [5i64, 9i64, 0i64]] }
-- output { [[4i64, 4i64, 4i64], [9i64, 6i64, 6i64]] }
entry reghist [n][m] (xss: [n][m]i64) = map (\xs -> hist i64.max (xs[0] + 1) 3 (map (\x -> x % 3) xs) xs) xss

-- ==
-- entry: irrhist
-- input { [3i64, 0i64, 5i64] }
-- output { [[3i64, 3i64, 3i64], [0i64, 0i64, 0i64], [5i64, 5i64, 5i64]] }
entry irrhist (ns: []i64) = map (\n -> hist i64.max n 3 (map (\x -> x % 3) (iota n)) (iota n)) ns

-- ==
-- entry: transpose_rows
-- input { [[[1, 2], [3, 4]], [[2, 1], [4, 3]]] }
-- output { [[[1, 3], [2, 4]], [[2, 4], [1, 3]]] }
entry transpose_rows (xsss: [][][]i32) : [][][]i32 = map transpose xsss
