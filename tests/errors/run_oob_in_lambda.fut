-- An out-of-bounds index inside a lambda passed to a prelude function (map, and a function of
-- the program called from the lambda) reports the index's own location on every backend, not
-- the location of the call of map.  (In parallel, any of the failing indices may be the one
-- reported.)
-- ==
-- entry: direct
-- input { [1i64, 2i64, 3i64] 3i64 } error: run_oob_in_lambda\.fut:18:48: Error: Index \[[3-5]\] out of bounds for array of shape \[3\]

-- ==
-- entry: in_branch
-- input { [1i64, 2i64, 3i64] 3i64 } error: run_oob_in_lambda\.fut:20:66: Error: Index \[5\] out of bounds for array of shape \[3\]

-- ==
-- entry: via_function
-- input { [1i64, 2i64, 3i64] 3i64 } error: run_oob_in_lambda\.fut:22:32: Error: Index \[[3-5]\] out of bounds for array of shape \[3\]
-- input { [1i64, 2i64, 3i64] 0i64 } output { [1i64, 2i64, 3i64] }

entry direct (xs: []i64) (n: i64) = map (\i -> xs[i + n]) (iota n)

entry in_branch (xs: []i64) (n: i64) = map (\i -> if i == 2 then xs[i + n] else i) (iota n)

def get (xs: []i64) (i: i64) = xs[i]

entry via_function (xs: []i64) (n: i64) = map (\i -> get xs (i + n)) (iota (i64.max n 3))
