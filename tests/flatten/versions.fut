-- Incremental flattening (src/flatten/flatten.c): a map over rows with a reduce and a scan
-- inside gets two versions, the outer map parallel (one segmap) or the reduce and the scan
-- flattened over rows and columns (segred, segscan), chosen by main.suff_outer_par_0 against
-- the number of rows.
-- tests/scripts/versions.sh checks the plan, the parameter and both versions' results.
-- The empty case is compiled-only: the interpreter gives a map over no rows the shape [0][0]
-- (a known interpreter limitation, see examples/flatten/sparse_dense.fut).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [6, 15] [[1, 3, 6], [4, 9, 15]] }
-- compiled input { empty([0][3]i32) }
-- output { empty([0]i32) empty([0][3]i32) }
-- input { [[7], [8], [9]] }
-- output { [7, 8, 9] [[7], [8], [9]] }

entry main [n] [m] (xss: [n][m]i32) : ([n]i32, [n][m]i32) =
  (map (\xs -> reduce (+) 0 xs) xss, map (\xs -> scan (+) 0 xs) xss)
