-- Scans whose operators work on records and tuples: running count/sum/max as a record,
-- Fibonacci numbers as a scan of 2x2 matrix products (4-tuples), and a running (min, max).
-- ==
-- entry: running
-- input { [3i32, -1i32, 4i32, 1i32, -5i32, 9i32] }
-- output { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] [3i32, 2i32, 6i32, 7i32, 2i32, 11i32] [3i32, 3i32, 4i32, 4i32, 4i32, 9i32] }
-- input { empty([0]i32) }
-- output { empty([0]i64) empty([0]i32) empty([0]i32) }

-- ==
-- entry: fib
-- input { 10i64 }
-- output { [1i64, 1i64, 2i64, 3i64, 5i64, 8i64, 13i64, 21i64, 34i64, 55i64] }
-- input { 0i64 }
-- output { empty([0]i64) }
-- input { 1i64 }
-- output { [1i64] }

-- ==
-- entry: running_range
-- input { [2.5f32, -1.0f32, 3.0f32, 0.0f32] }
-- output { [2.5f32, -1.0f32, -1.0f32, -1.0f32] [2.5f32, 2.5f32, 3.0f32, 3.0f32] }
-- input { [7.0f32] }
-- output { [7.0f32] [7.0f32] }

type stat = {cnt: i64, sum: i32, mx: i32}

def combine (a: stat) (b: stat) : stat =
  {cnt = a.cnt + b.cnt, sum = a.sum + b.sum, mx = i32.max a.mx b.mx}

def one (x: i32) : stat = {cnt = 1, sum = x, mx = x}

entry running (xs: []i32) : ([]i64, []i32, []i32) =
  let s = scan combine {cnt = 0, sum = 0, mx = i32.lowest} (map one xs)
  in (map (.cnt) s, map (.sum) s, map (.mx) s)

def mmul (a: i64, b: i64, c: i64, d: i64) (e: i64, f: i64, g: i64, h: i64) : (i64, i64, i64, i64) =
  (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)

entry fib (n: i64) : []i64 =
  map (\(_, b, _, _) -> b) (scan mmul (1, 0, 0, 1) (replicate n (1, 1, 1, 0)))

entry running_range (xs: []f32) : ([]f32, []f32) =
  unzip (scan (\(lo1, hi1) (lo2, hi2) -> (f32.min lo1 lo2, f32.max hi1 hi2))
              (f32.inf, -f32.inf) (map (\x -> (x, x)) xs))
