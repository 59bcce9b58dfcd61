-- Loop nests inside an iteration whose widths are variables from outside are compiled twice
-- (src/backend/unitver.c): once for all those widths 1, once for any.  Each program here
-- runs with the widths 1, with other widths and with 0, so both versions run and must agree
-- with the interpreter: maps, reduces and scans of rows, a scatter, a hist, a filter, a loop
-- with in-place updates, and an index out of bounds that must still fail in the unit version.

-- ==
-- entry: nest
-- input { 3i64 [[1.0, 2.0]] [0.5] }
-- output { [[[1.5, 2.5]], [[2.5, 3.5]], [[3.5, 4.5]]] [4.0, 6.0, 8.0] }
-- input { 2i64 [[1.0]] [2.0] }
-- output { [[[3.0]], [[4.0]]] [3.0, 4.0] }
-- input { 2i64 [[1.0, 2.0], [3.0, 4.0]] [1.0, -1.0] }
-- output { [[[2.0, 3.0], [2.0, 3.0]], [[3.0, 4.0], [3.0, 4.0]]] [10.0, 14.0] }
-- input { 2i64 empty([0][2]f64) empty([0]f64) }
-- output { empty([2][0][2]f64) [0.0, 0.0] }
entry nest [u] [t] (n: i64) (xs: [u][t]f64) (ys: [u]f64) : ([n][u][t]f64, [n]f64) =
  unzip (map (\k ->
                let rows = map2 (\r y -> map (\x -> x + y + f64.i64 k) r) xs ys
                in (rows, reduce (+) 0.0 (map (reduce (+) 0.0) rows)))
             (iota n))

-- ==
-- entry: scans
-- input { 2i64 [[2i32]] }
-- output { [[[2i32]], [[3i32]]] [2i32, 3i32] }
-- input { 2i64 [[1i32, 2i32, 3i32]] }
-- output { [[[1i32, 3i32, 6i32]], [[2i32, 5i32, 9i32]]] [6i32, 9i32] }
-- input { 1i64 [[1i32], [2i32]] }
-- output { [[[1i32], [2i32]]] [3i32] }
entry scans [u] [t] (n: i64) (xs: [u][t]i32) : ([n][u][t]i32, [n]i32) =
  unzip (map (\k ->
                let s = map (\r -> scan (+) 0 (map (+ i32.i64 k) r)) xs
                in (s, i32.sum (map (\r -> r[t - 1]) s)))
             (iota n))

-- ==
-- entry: scatter_hist_filter
-- input { 2i64 [0i64] [5i32] }
-- output { [[5i32, 0i32], [6i32, 0i32]] [[5i32, 0i32], [6i32, 0i32]] [0i64, 1i64] }
-- input { 2i64 [1i64, 0i64] [5i32, 6i32] }
-- output { [[6i32, 5i32], [7i32, 6i32]] [[6i32, 5i32], [7i32, 6i32]] [1i64, 1i64] }
entry scatter_hist_filter [m] (n: i64) (is: [m]i64) (vs: [m]i32) : ([n][2]i32, [n][2]i32, [n]i64) =
  unzip3 (map (\k ->
                 let vs' = map (+ i32.i64 k) vs
                 let sc = scatter (replicate 2 0i32) is vs'
                 let h = hist (+) 0i32 2 is vs'
                 let kept = filter (\v -> v % 2 == 0) vs'
                 in (sc, h, length kept))
              (iota n))

-- ==
-- entry: loop_update
-- input { 2i64 [[1.0]] }
-- output { [[[1.0]], [[2.0]]] }
-- input { 2i64 [[1.0, 2.0, 3.0]] }
-- output { [[[1.0, 3.0, 6.0]], [[2.0, 5.0, 9.0]]] }
entry loop_update [u] [t] (n: i64) (xs: [u][t]f64) : [n][u][t]f64 =
  map (\k ->
         map (\r ->
                let acc = map (+ f64.i64 k) r
                in loop acc for i < t - 1 do acc with [i + 1] = acc[i + 1] + acc[i])
             xs)
      (iota n)

-- ==
-- entry: out_of_bounds
-- input { 2i64 [[1.0]] 1i64 }
-- error: out of bounds
-- input { 2i64 [[1.0, 2.0]] 1i64 }
-- output { [4.0, 6.0] }
entry out_of_bounds [u] [t] (n: i64) (xs: [u][t]f64) (j: i64) : [n]f64 =
  map (\k -> reduce (+) 0.0 (map (\r -> r[j] * f64.i64 (k + 1) + r[j]) xs)) (iota n)

-- A width bound in the iteration but outside the nest (m + j) is tested; one bound inside it
-- (k % 3) is not: the nest runs in its unit version for j with m + j = 1 only.
-- ==
-- entry: inner_width
-- input { 3i64 1i64 }
-- output { [0i64, 0i64, 1i64] }
-- input { 2i64 0i64 }
-- output { [0i64, 0i64] }
-- input { 0i64 1i64 }
-- output { empty([0]i64) }
entry inner_width (n: i64) (m: i64) : [n]i64 =
  map (\j -> reduce (+) 0 (map (\k -> reduce (+) 0 (iota (k % 3))) (iota (m + j)))) (iota n)
