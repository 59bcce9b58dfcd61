-- Scans of plain arrays with built-in operators (weft cuda: rts/cuda_scan.cuh), every type
-- size and operator, against a sequential loop, at sizes around the tiles (4096 elements of up
-- to 4 bytes, 16 per thread of 256) and past the look-back's window of 32 tiles; i32_slice
-- scans an array that starts 4 bytes into its block (no vector loads).
-- ==
-- entry: i32_add i32_mul i32_min i32_max i64_add i64_mul i8_add i16_max u16_xor u32_or u64_and f32_add f64_add i32_slice
-- input { 0i64 } output { true }
-- input { 1i64 } output { true }
-- input { 2i64 } output { true }
-- input { 31i64 } output { true }
-- input { 33i64 } output { true }
-- input { 1000i64 } output { true }
-- compiled input { 4095i64 } output { true }
-- compiled input { 4096i64 } output { true }
-- compiled input { 4097i64 } output { true }
-- compiled input { 8193i64 } output { true }
-- compiled input { 65537i64 } output { true }
-- compiled input { 1048575i64 } output { true }
-- compiled input { 1048576i64 } output { true }
-- compiled input { 4194305i64 } output { true }

-- n values in [-500, 500] (every 1001 consecutive ones sum to 0), through f
def gen 't (n: i64) (f: i64 -> t) : [n]t =
  loop xs = replicate n (f 0) for i < n do xs with [i] = f ((i * 7919) % 1001 - 500)

def check [n] 't (op: t -> t -> t) (ne: t) (eq: t -> t -> bool) (xs: [n]t) : bool =
  let ys = scan op ne xs
  let (_, ok) = loop (acc, ok) = (ne, true) for i < n do
                  let acc = op acc xs[i] in (acc, ok && eq ys[i] acc)
  in ok

entry i32_add (n: i64) : bool = check (+) 0i32 (==) (gen n i32.i64)
entry i32_mul (n: i64) : bool = check (*) 1i32 (==) (gen n (\v -> 2 * i32.i64 v + 1))
entry i32_min (n: i64) : bool = check i32.min i32.highest (==) (gen n (\v -> i32.i64 (v * v * v)))
entry i32_max (n: i64) : bool = check i32.max i32.lowest (==) (gen n (\v -> i32.i64 (v * v * v)))
entry i64_add (n: i64) : bool = check (+) 0i64 (==) (gen n (\v -> v * 1000000007))
entry i64_mul (n: i64) : bool = check (*) 1i64 (==) (gen n (\v -> 2 * v + 1))
entry i8_add (n: i64) : bool = check (+) 0i8 (==) (gen n i8.i64)
entry i16_max (n: i64) : bool = check i16.max i16.lowest (==) (gen n (\v -> i16.i64 (v * 60)))
entry u16_xor (n: i64) : bool = check (^) 0u16 (==) (gen n (\v -> u16.i64 (v * 131)))
entry u32_or (n: i64) : bool = check (|) 0u32 (==) (gen n (\v -> 1u32 << u32.i64 ((v + 500) % 32)))
entry u64_and (n: i64) : bool =
  check (&) u64.highest (==) (gen n (\v -> !(1u64 << u64.i64 ((v + 500) % 1001))))
entry f32_add (n: i64) : bool = check (+) 0f32 (==) (gen n (\v -> f32.i64 v / 4))
entry f64_add (n: i64) : bool = check (+) 0f64 (==) (gen n (\v -> f64.i64 v / 8))
entry i32_slice (n: i64) : bool = check (+) 0i32 (==) (gen (n + 1) i32.i64)[1:]
