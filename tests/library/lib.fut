-- lib.fut — the program of tests/scripts/c_library.sh: `weft c --library` turns it into
-- lib.c + lib.h, which tests/library/driver.c calls.

-- Each x becomes the row [x * k, x + k]; the second result is the sum of the inputs.
entry pairs [n] (xs: [n]f64) (k: i32) : ([n][2]f64, f64) =
  let kf = f64.i32 k
  in (map (\x -> [x * kf, x + kf]) xs, reduce (+) 0 xs)

-- Fails when i is out of bounds: xs[i] is checked at run time.
entry pick (xs: []i64) (i: i64) : i64 = xs[i] * 2

-- Jagged arrays through the library: rows of different lengths in, their prefix sums out.
entry prefix_rows (m: [][]i32) : [][]i32 = map (\r -> scan (+) 0 r) m
