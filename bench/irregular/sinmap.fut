-- The skewed sin-map (issue 21): for every width n, the sum of sin(j) over j < n — a map whose
-- inner map-reduce over iota n varies in width per element.  Its benchmark input (gen.c sinmap)
-- is one width of 4.5e7 among 5e4 widths of 100, scaled: the outer-parallel version runs the
-- big one in one thread, the version flattened by elements spreads it over all of them
-- (main.suff_outer_par_0 chooses, docs/FLATTENING.md).  The data file's .out was written by
-- base/sinmap.c; the inline outputs are sums of sin by hand (sin 1 = 0.8414709848078965,
-- sin 2 = 0.9092974268256817, sin 3 = 0.1411200080598672).
-- ==
-- input { [0i64, 1i64, 2i64, 3i64, 4i64] }
-- output { [0f64, 0f64, 0.8414709848078965f64, 1.7507684116335782f64, 1.8918884196934454f64] }
-- input { empty([0]i64) }
-- output { empty([0]f64) }
-- input { [0i64, 0i64, 0i64] }
-- output { [0f64, 0f64, 0f64] }
-- input @ data/sinmap.in
-- output @ data/sinmap.out

entry main (ns: []i64) : []f64 =
  map (\n -> reduce (+) 0 (map (\j -> f64.sin (f64.i64 j)) (iota n))) ns
