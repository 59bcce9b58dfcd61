-- chain.fut — entry points whose results feed each other: tests/library/chain_driver.c chains
-- them through `weft cuda --library` (the intermediate arrays stay on the device) and through
-- `weft c --library`, and bench/cuda/library.sh compares the two.

-- Each x becomes x * k + 1.
-- ==
-- entry: scale
-- input { [1.0, 2.0, 3.5] 2.0 }
-- output { [3.0, 5.0, 8.0] }
entry scale (xs: []f64) (k: f64) : []f64 = map (\x -> x * k + 1) xs

-- The mean of each element and the next one (the last with the first).
-- ==
-- entry: smooth
-- input { [1.0, 3.0, 8.0] }
-- output { [2.0, 5.5, 4.5] }
entry smooth [n] (xs: [n]f64) : [n]f64 = map (\i -> (xs[i] + xs[(i + 1) % n]) / 2) (iota n)

-- ==
-- entry: total
-- input { [1.0, 3.0, 8.0] }
-- output { 12.0 }
entry total (xs: []f64) : f64 = reduce (+) 0 xs

-- A unique parameter: the entry may overwrite it (the library's caller keeps its array).
-- ==
-- entry: bump
-- input { [1.0, 3.0] }
-- output { [2.0, 3.0] }
entry bump (xs: *[]f64) : []f64 = xs with [0] = xs[0] + 1

-- The outer product, and its row sums.
-- ==
-- entry: outer
-- input { [1.0, 2.0] [3.0, 4.0, 5.0] }
-- output { [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]] }
entry outer (xs: []f64) (ys: []f64) : [][]f64 = map (\x -> map (\y -> x * y) ys) xs

-- ==
-- entry: rowsums
-- input { [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]] }
-- output { [12.0, 24.0] }
entry rowsums [n][m] (mat: [n][m]f64) : [n]f64 = map (\r -> reduce (+) 0 r) mat

-- Fails when i is out of bounds (on the device for weft cuda).
-- ==
-- entry: at
-- input { [1.0, 2.0] 1i64 }
-- output { 2.0 }
-- input { [1.0, 2.0] 2i64 }
-- error: out of bounds
entry at (xs: []f64) (i: i64) : f64 = xs[i]
