-- Stable counting sort of (key, value) pairs with small keys: histogram of keys, exclusive
-- scan for bucket offsets, per-key scans for ranks, one scatter.
-- ==
-- input { 3i64 [2i64, 0i64, 1i64, 0i64, 2i64, 1i64] [10i32, 20i32, 30i32, 40i32, 50i32, 60i32] }
-- output { [0i64, 0i64, 1i64, 1i64, 2i64, 2i64] [20i32, 40i32, 30i32, 60i32, 10i32, 50i32] }
-- input { 5i64 [0i64, 2i64, 0i64, 0i64, 3i64, 4i64, 3i64, 0i64, 0i64, 2i64, 1i64, 0i64] [13i32, 33i32, 16i32, -24i32, 24i32, -32i32, 27i32, -42i32, 19i32, -46i32, 12i32, 39i32] }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 2i64, 2i64, 3i64, 3i64, 4i64] [13i32, 16i32, -24i32, -42i32, 19i32, 39i32, 12i32, 33i32, -46i32, 24i32, 27i32, -32i32] }
-- input { 1i64 empty([0]i64) empty([0]i32) }
-- output { empty([0]i64) empty([0]i32) }
-- input { 4i64 [3i64, 3i64, 3i64] [1i32, 2i32, 3i32] }
-- output { [3i64, 3i64, 3i64] [1i32, 2i32, 3i32] }

def counting_sort [n] (k: i64) (keys: [n]i64) (vals: [n]i32) : ([n]i64, [n]i32) =
  let counts = hist (+) 0 k keys (replicate n 1i64)
  let offs = map2 (-) (scan (+) 0 counts) counts
  let ranks = map (\c -> scan (+) 0 (map (\x -> if x == c then 1 else 0) keys)) (iota k)
  let pos = map2 (\i key -> offs[key] + ranks[key, i] - 1) (iota n) keys
  in (scatter (replicate n 0) pos keys, scatter (replicate n 0) pos vals)

def main [n] (k: i64) (keys: [n]i64) (vals: [n]i32) : ([n]i64, [n]i32) = counting_sort k keys vals
