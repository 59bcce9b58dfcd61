-- Rows made directly by iota, replicate or a concatenation, of a per-element width
-- (src/flatten/rows.c): the flattened version writes them by elements, as an inner map over
-- iota; the outer version one row per thread.  Empty rows, all rows empty, one long row among
-- empty ones, widths computed in the body, replicated values of several types (a tuple: two
-- rows), an iota row the body also reads (left as it is), concatenations of iotas and
-- replicates, of jagged inputs' rows (three operands, empty ones) and of a literal.  Every
-- backend, both versions (weft test --thresholds).
-- ==
-- entry: iotas
-- input { [3i64, 0i64, 5i64, 1i64] }
-- output { [[0i64, 1i64, 2i64], empty([0]i64), [0i64, 1i64, 2i64, 3i64, 4i64], [0i64]] }
-- input { empty([0]i64) }
-- output { empty([0][0]i64) }
-- input { [0i64, 0i64, 0i64] }
-- output { [empty([0]i64), empty([0]i64), empty([0]i64)] }
-- input { [0i64, 0i64, 70i64, 0i64] }
-- output { [empty([0]i64), empty([0]i64),
--           [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64, 11i64, 12i64, 13i64,
--            14i64, 15i64, 16i64, 17i64, 18i64, 19i64, 20i64, 21i64, 22i64, 23i64, 24i64, 25i64, 26i64,
--            27i64, 28i64, 29i64, 30i64, 31i64, 32i64, 33i64, 34i64, 35i64, 36i64, 37i64, 38i64, 39i64,
--            40i64, 41i64, 42i64, 43i64, 44i64, 45i64, 46i64, 47i64, 48i64, 49i64, 50i64, 51i64, 52i64,
--            53i64, 54i64, 55i64, 56i64, 57i64, 58i64, 59i64, 60i64, 61i64, 62i64, 63i64, 64i64, 65i64,
--            66i64, 67i64, 68i64, 69i64],
--           empty([0]i64)] }
-- input { [-1i64] }
-- error: invalid

-- ==
-- entry: odd_rows
-- input { [0i64, 2i64, 1i64] }
-- output { [[0i64], [0i64, 1i64, 2i64, 3i64, 4i64], [0i64, 1i64, 2i64]] }

-- ==
-- entry: reps
-- input { [2i64, 0i64, 3i64] }
-- output { [[2.5f64, 2.5f64], empty([0]f64), [3.5f64, 3.5f64, 3.5f64]]
--          [[true, true], empty([0]bool), [false, false, false]]
--          [[2i8, 2i8], empty([0]i8), [3i8, 3i8, 3i8]] }
-- input { empty([0]i64) }
-- output { empty([0][0]f64) empty([0][0]bool) empty([0][0]i8) }

-- ==
-- entry: pairs
-- input { [1i64, 3i64] }
-- output { [[1i32], [3i32, 3i32, 3i32]] [[2.0f32], [6.0f32, 6.0f32, 6.0f32]] }

-- ==
-- entry: read_too
-- input { [4i64, 0i64, 2i64] }
-- output { [[0i64, 1i64, 2i64, 3i64], empty([0]i64), [0i64, 1i64]] [6i64, 0i64, 1i64] }

entry iotas (ns: []i64) : [][]i64 = map (\n -> iota n) ns

entry odd_rows (ns: []i64) : [][]i64 = map (\n -> iota (2 * n + 1)) ns

entry reps (ns: []i64) : ([][]f64, [][]bool, [][]i8) =
  unzip3 (map (\n -> (replicate n (f64.i64 n + 0.5), replicate n (n % 2 == 0), replicate n (i8.i64 n))) ns)

entry pairs (ns: []i64) : [][](i32, f32) =
  map (\n -> replicate n (i32.i64 n, f32.i64 (2 * n))) ns

entry read_too (ns: []i64) : ([][]i64, []i64) =
  unzip (map (\n -> let r = iota n in (r, i64.sum r)) ns)

-- ==
-- entry: cats
-- input { [3i64, 0i64, 1i64] }
-- output { [[0i64, 1i64, 2i64, 3i64, 3i64], [0i64, 0i64], [0i64, 1i64, 1i64]] }
-- input { empty([0]i64) }
-- output { empty([0][0]i64) }

-- ==
-- entry: joins
-- input { [[1i32], empty([0]i32), [2i32, 3i32], empty([0]i32)]
--         [[4i32, 5i32], [6i32], empty([0]i32), empty([0]i32)]
--         [[7i32], [8i32], [9i32], empty([0]i32)] }
-- output { [[1i32, 4i32, 5i32, 7i32], [6i32, 8i32], [2i32, 3i32, 9i32], empty([0]i32)] }
-- input { empty([0][0]i32) empty([0][0]i32) empty([0][0]i32) }
-- output { empty([0][0]i32) }
-- input { [[1i32]] [[2i32], [3i32]] [[4i32]] }
-- error: size

-- ==
-- entry: appended
-- input { [[1.5f32, 2.5f32], empty([0]f32)] [0.5f32, -1f32] }
-- output { [[1.5f32, 2.5f32, 0.5f32], [-1f32]] }

entry cats (ns: []i64) : [][]i64 = map (\n -> iota n ++ replicate 2 n) ns

entry joins (xss: [][]i32) (yss: [][]i32) (zss: [][]i32) : [][]i32 =
  map3 (\a b c -> a ++ b ++ c) xss yss zss

entry appended (xss: [][]f32) (ys: []f32) : [][]f32 = map2 (\r y -> r ++ [y]) xss ys
