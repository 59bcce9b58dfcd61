-- hist.fut — a GPU histogram benchmark (bench/cuda/hist.sh): n values into k bins, the bins a
-- hash of the index, every value 1 (computed, so that no array of n ones is built).
entry main (k: i64) (n: i64) : [k]i32 =
  let is = map (\i -> i64.u32 ((u32.i64 i * 2654435761) >> 7) % k) (iota n)
  let vs = map (\i -> i32.i64 (i >> 62) + 1) (iota n)
  in hist (+) 0 k is vs
