-- Scans the multicore backend hands to rts/mc.h's vectorised scan (a scalar scan with a
-- built-in operator, nothing fused into it): every backend must agree with the interpreter,
-- on tiny inputs and on inputs past the runtime's parallel threshold (2^14 elements), with
-- wrapping integer arithmetic.
-- ==
-- entry: add_i32
-- input { [1, 2, 3, -4] }
-- output { [1, 3, 6, 2] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [2147483647, 1] }
-- output { [2147483647, -2147483648] }

entry add_i32 (xs: []i32) : []i32 = scan (+) 0 xs

-- ==
-- entry: ops_u8
-- input { [3u8, 200u8, 100u8, 7u8] }
-- output { [3u8, 203u8, 47u8, 54u8] [3u8, 88u8, 96u8, 160u8] [3u8, 203u8, 239u8, 239u8] [3u8, 203u8, 175u8, 168u8] }

entry ops_u8 (xs: []u8) : ([]u8, []u8, []u8, []u8) =
  (scan (+) 0 xs, scan (*) 1 xs, scan (|) 0 xs, scan (^) 0 xs)

-- Large: the arrays come out of loops, so no map is fused into the scans.
-- ==
-- entry: big
-- input { 100003i64 }
-- output { 1859i32 -1176i32 5026484726067966881i64 7.0f64 }
-- input { 16385i64 }
-- output { 2980i32 1428i32 -1426719244305102355i64 6.0f64 }

entry big (n: i64) : (i32, i32, i64, f64) =
  let xs = loop xs = replicate n 0i32 for i < n do xs with [i] = i32.i64 ((i * 7919) % 1001) - 500
  let ys = loop ys = replicate n 0i64 for i < n do ys with [i] = 1 + 2 * (i % 3)
  let zs = loop zs = replicate n 0f64 for i < n do zs with [i] = f64.i64 ((i * 31) % 17) - 8.0
  let s = scan (+) 0 xs
  let p = scan (*) 1 ys
  let f = scan (+) 0 zs
  in (s[n - 1], reduce (^) 0 s, p[n - 1], f[n - 1])
