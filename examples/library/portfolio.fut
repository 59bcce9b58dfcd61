-- portfolio.fut — the program of examples/library: main.c calls it through the C library that
-- `weft c --library` makes of it, test_portfolio.py through the Python module of `--python`.
-- Each client holds a different number of positions: the holdings are a jagged array.

-- The payoff of a call option struck at `strike` on each spot price, and their mean.
-- ==
-- entry: payoffs
-- input { [90.0, 100.0, 110.0, 125.5] 100.0 }
-- output { [0.0, 0.0, 10.0, 25.5] 8.875 }
entry payoffs (spots: []f64) (strike: f64) : ([]f64, f64) =
  let p = map (\s -> f64.max (s - strike) 0) spots
  in (p, reduce (+) 0 p / f64.i64 (length spots))

-- The value of each client's positions (quantity times price), one row per client.
-- ==
-- entry: values
-- input { [[1.0, 2.0], empty([0]f64), [0.5]] [[10.0, 20.0], empty([0]f64), [4.0]] }
-- output { [[10.0, 40.0], empty([0]f64), [2.0]] }
entry values (qty: [][]f64) (price: [][]f64) : [][]f64 =
  map2 (\q p -> map2 (*) q p) qty price

-- Each client's total, and the running total of their positions.
-- ==
-- entry: totals
-- input { [[10.0, 40.0], empty([0]f64), [2.0]] }
-- output { [50.0, 0.0, 2.0] [[10.0, 50.0], empty([0]f64), [2.0]] }
entry totals (v: [][]f64) : ([]f64, [][]f64) =
  (map (\r -> reduce (+) 0 r) v, map (\r -> scan (+) 0 r) v)
