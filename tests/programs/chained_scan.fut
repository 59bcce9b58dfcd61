-- Scans of tuples over many chunks.  weft multicore runs a scan whose accumulators are scalars
-- as a chained scan (chunks of about 8192 iterations taken in order, each applying the previous
-- chunk's inclusive prefix while its outputs are still in the cache; src/backend/multicore/regions.c).
-- The results are checked through checksums computed independently (wrapping i64 arithmetic),
-- at sizes 0, 1 and 5 (fewer iterations than chunks) and 100000 and 300001 (many chunks, the
-- last one uneven).  `late_failure` fails in a late chunk: the threads waiting for that chunk's
-- prefix must give up instead of waiting for ever.
-- ==
-- entry: affine
-- input { 0i64 } output { 0i64 }
-- input { 1i64 } output { -5i64 }
-- input { 5i64 } output { -1333i64 }
-- input { 100000i64 } output { -1380820243161175086i64 }
-- input { 300001i64 } output { 618833555351809198i64 }

-- ==
-- entry: maxpos
-- input { 0i64 } output { 0i64 }
-- input { 1i64 } output { -50000i64 }
-- input { 5i64 } output { -591590i64 }
-- input { 100000i64 } output { 11127157415i64 }
-- input { 300001i64 } output { 78485204381i64 }

-- ==
-- entry: late_failure
-- input { 200000i64 -1i64 } output { 19999900000i64 }
-- input { 200000i64 190000i64 } error: chained_scan\.fut:47:[0-9]+: Error: Index \[390000\] out of bounds

-- x_i = a_i * x_(i-1) + b_i as compositions of affine maps, on i64 (wrapping)
def compose (a1: i64, b1: i64) (a2: i64, b2: i64) : (i64, i64) = (a1 * a2, b1 * a2 + b2)

entry affine (n: i64) : i64 =
  let ps = scan compose (1, 0) (map (\i -> (i % 7 + 1, i % 13 - 6)) (iota n))
  in reduce (+) 0 (map (\(a, b) -> a ^ b) ps)

-- the running maximum and the position of its first occurrence, beside a running sum
def first_max (b1: i64, p1: i64) (b2: i64, p2: i64) : (i64, i64) = if b2 > b1 then (b2, p2) else (b1, p1)

entry maxpos (n: i64) : i64 =
  let vs = map (\i -> (i * 7919) % 100003 - 50000) (iota n)
  let ms = scan first_max (i64.lowest, -1) (zip vs (iota n))
  let ss = scan (+) 0 vs
  in reduce (+) 0 (map2 (\(_, p) s -> p * 3 + s) ms ss)

entry late_failure (n: i64) (bad: i64) : i64 =
  let xs = iota n
  let ys = scan (+) 0 (map (\i -> if i == bad then xs[i + n] else i) (iota n))
  in ys[n - 1]
