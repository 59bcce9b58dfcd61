-- Run-time errors from builtins: negative sizes, mismatched lengths, bad unflatten sizes.
-- ==
-- entry: neg_iota
-- input { -1i64 } error: .
-- input { 2i64 } output { [0i64, 1i64] }
entry neg_iota (n: i64) : []i64 = iota n

-- ==
-- entry: neg_replicate
-- input { -3i64 } error: .
entry neg_replicate (n: i64) : []i32 = replicate n 0

-- ==
-- entry: zip_mismatch
-- input { [1, 2] [3] } error: .
-- input { [1, 2] [3, 4] } output { [4, 6] }
entry zip_mismatch (xs: []i32) (ys: []i32) : []i32 = map (\(x, y) -> x + y) (zip xs ys)

-- ==
-- entry: map2_mismatch
-- input { [1, 2, 3] [3] } error: .
entry map2_mismatch (xs: []i32) (ys: []i32) : []i32 = map2 (+) xs ys

-- ==
-- entry: bad_unflatten
-- input { 2i64 2i64 [1, 2, 3] } error: .
-- input { 2i64 2i64 [1, 2, 3, 4, 5] } error: .
entry bad_unflatten (n: i64) (m: i64) (xs: []i32) : [][]i32 = unflatten (xs :> [n * m]i32)

-- ==
-- entry: scatter_mismatch
-- input { [0, 0] [0i64, 1i64] [5] } error: .
entry scatter_mismatch (dest: *[]i32) (is: []i64) (vs: []i32) : []i32 = scatter dest is vs

-- ==
-- entry: last_empty
-- input { empty([0]f64) } error: .
entry last_empty (xs: []f64) : f64 = last xs

-- ==
-- entry: transpose_jagged
-- input { [1i64, 2i64] } error: .
entry transpose_jagged (ns: []i64) : [][]i64 = transpose (map (\n -> iota n) ns)
