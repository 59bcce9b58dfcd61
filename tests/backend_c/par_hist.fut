-- scatter and hist in parallel (src/backend/multicore/regions.c, fcuda.c): big inputs into few bins
-- (privatised bins on multicore, shared-memory bins on the GPU), few inputs into many bins
-- (atomic: fetch-and-op, native device atomics, compare-and-swap loops on f64, i16 and i64 *),
-- a tuple operator, out-of-range bins, and a scatter of a permutation.  Expected values
-- computed independently (a Python model of each entry).

-- ==
-- entry: count
-- input { 100000i64 7i64 }
-- output { [14286i64, 14286i64, 14286i64, 14285i64, 14286i64, 14285i64, 14286i64] }
-- input { 40i64 64i64 }
-- output { [1i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 1i64, 0i64, 1i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 1i64, 0i64, 1i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 1i64, 0i64, 1i64, 1i64, 1i64, 0i64, 1i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 0i64, 0i64, 1i64, 1i64, 1i64, 0i64, 1i64, 1i64, 1i64, 0i64] }
-- input { 0i64 3i64 }
-- output { [0i64, 0i64, 0i64] }
-- input { 1i64 1i64 }
-- output { [1i64] }
entry count (n: i64) (k: i64) : [k]i64 =
  hist (+) 0 k (map (\i -> (i * 7919) % k) (iota n)) (replicate n 1)

-- ==
-- entry: fmin
-- input { 100000i64 5i64 }
-- output { [0.0f64, 0.375f64, 0.75f64, 1.125f64, 1.5f64] }
-- input { 30i64 50i64 }
-- output { [3.875f64, 8.125f64, 12.375f64, 16.625f64, 20.875f64, 25.125f64, 29.375f64, 33.625f64, 37.875f64, 42.125f64, 46.375f64, 50.625f64, 54.875f64, 59.125f64, 63.375f64, 67.625f64, 71.875f64, 76.125f64, 80.375f64, 84.625f64, 88.875f64, 93.125f64, 97.375f64, 101.625f64, 105.875f64, 110.125f64, 114.375f64, 118.625f64, 122.875f64, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf] }
entry fmin (n: i64) (k: i64) : [k]f64 =
  let is = map (\i -> i % (k + 2) - 1) (iota n)
  let vs = map2 (\i b -> f64.i64 ((i * 31) % 1009 + 3 * b) / 8) (iota n) is
  in reduce_by_index (replicate k f64.inf) f64.min f64.inf is vs

-- ==
-- entry: argmax
-- input { 100000i64 11i64 }
-- output { [100i32, 100i32, 100i32, 100i32, 100i32, 100i32, 100i32, 100i32, 100i32, 100i32, 100i32] [880i64, 72i64, 375i64, 678i64, 981i64, 173i64, 476i64, 779i64, 1082i64, 274i64, 577i64] }
-- input { 20i64 40i64 }
-- output { [0i32, -1i32, -1i32, -1i32, -1i32, -1i32, -1i32, 32i32, 11i32, 91i32, 70i32, 49i32, 28i32, 7i32, -1i32, -1i32, -1i32, -1i32, -1i32, -1i32, -1i32, 18i32, 98i32, 77i32, 56i32, 35i32, 14i32, -1i32, -1i32, -1i32, -1i32, -1i32, -1i32, -1i32, 25i32, 4i32, 84i32, 63i32, 42i32, 21i32] [0i64, -1i64, -1i64, -1i64, -1i64, -1i64, -1i64, 19i64, 16i64, 13i64, 10i64, 7i64, 4i64, 1i64, -1i64, -1i64, -1i64, -1i64, -1i64, -1i64, -1i64, 17i64, 14i64, 11i64, 8i64, 5i64, 2i64, -1i64, -1i64, -1i64, -1i64, -1i64, -1i64, -1i64, 18i64, 15i64, 12i64, 9i64, 6i64, 3i64] }
def better (v1: i32, i1: i64) (v2: i32, i2: i64) : (i32, i64) =
  if v1 > v2 then (v1, i1) else if v2 > v1 then (v2, i2) else (v1, i64.min i1 i2)

entry argmax (n: i64) (k: i64) : ([k]i32, [k]i64) =
  let vs = map (\i -> (i32.i64 ((i * 7) % 101), i)) (iota n)
  in unzip (hist better (-1, -1) k (map (\i -> (i * 13) % k) (iota n)) vs)

-- ==
-- entry: smax
-- input { 50000i64 9i64 }
-- output { [290i16, 290i16, 290i16, 290i16, 290i16, 290i16, 290i16, 290i16, 290i16] }
-- input { 25i64 60i64 }
-- output { [-300i16, -32768i16, 31i16, -32768i16, -238i16, -32768i16, -32768i16, -270i16, -32768i16, 61i16, -32768i16, -208i16, -32768i16, -32768i16, -240i16, -32768i16, 91i16, -32768i16, -178i16, -32768i16, -32768i16, -210i16, -32768i16, 121i16, -32768i16, -148i16, -32768i16, -32768i16, -180i16, -32768i16, 151i16, -32768i16, -118i16, -32768i16, -32768i16, -150i16, -32768i16, 181i16, -32768i16, -88i16, -32768i16, -32768i16, -120i16, -32768i16, 211i16, -32768i16, -58i16, -32768i16, -32768i16, -90i16, -32768i16, 241i16, -32768i16, -32768i16, -32768i16, -32768i16, -60i16, -32768i16, -329i16, -32768i16] }
entry smax (n: i64) (k: i64) : [k]i16 =
  let is = map (\i -> (i * 7) % (k + 1)) (iota n)
  let vs = map2 (\i b -> i16.i64 ((i * 37) % 600 - 300 - b)) (iota n) is
  in hist i16.max i16.lowest k is vs

-- ==
-- entry: prod
-- input { 60i64 4i64 }
-- output { [7776i64, 7776i64, 7776i64, 7776i64] }
-- input { 10i64 20i64 }
-- output { [1i64, 2i64, 3i64, 1i64, 2i64, 3i64, 1i64, 2i64, 3i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64] }
entry prod (n: i64) (k: i64) : [k]i64 =
  hist (*) 1 k (map (\i -> i % k) (iota n)) (map (\i -> i % 3 + 1) (iota n))

-- ==
-- entry: reverse
-- input { 100000i64 }
-- output { 99999i64 0i64 166661666700000i64 }
-- input { 3i64 }
-- output { 2i64 0i64 1i64 }
-- input { 1i64 }
-- output { 0i64 0i64 0i64 }
entry reverse (n: i64) : (i64, i64, i64) =
  let r = scatter (replicate n 0) (map (\i -> n - 1 - i) (iota n)) (iota n)
  in if n == 0 then (0, 0, 0) else (r[0], r[n - 1], reduce (+) 0 (map2 (*) r (iota n)))
