-- Mean and (population) variance: the two-pass textbook version, and a one-pass
-- parallel combine of (count, mean, M2) records.
-- ==
-- entry: two_pass
-- input { [2.0f64, 4.0f64, 4.0f64, 4.0f64, 5.0f64, 5.0f64, 7.0f64, 9.0f64] }
-- output { 5.0f64 4.0f64 }
-- input { [1.5f64] }
-- output { 1.5f64 0.0f64 }
-- input { [-1.0f64, 1.0f64, -3.0f64, 3.0f64, 10.25f64] }
-- output { 2.05f64 20.81f64 }

-- ==
-- entry: one_pass
-- input { [2.0f64, 4.0f64, 4.0f64, 4.0f64, 5.0f64, 5.0f64, 7.0f64, 9.0f64] }
-- output { 5.0f64 4.0f64 }
-- input { [-1.0f64, 1.0f64, -3.0f64, 3.0f64, 10.25f64] }
-- output { 2.05f64 20.81f64 }
-- input { [100.0f64, 100.5f64, 99.5f64] }
-- output { 100.0f64 0.16666666666667f64 }

entry two_pass (xs: []f64) : (f64, f64) =
  let n = f64.i64 (length xs)
  let mean = f64.sum xs / n
  let var = f64.sum (map (\x -> (x - mean) ** 2) xs) / n
  in (mean, var)

type stats = {n: f64, mean: f64, m2: f64}

def combine (a: stats) (b: stats) : stats =
  if a.n == 0 then b
  else if b.n == 0 then a
  else let n = a.n + b.n
       let d = b.mean - a.mean
       in {n, mean = a.mean + d * b.n / n, m2 = a.m2 + b.m2 + d * d * a.n * b.n / n}

entry one_pass (xs: []f64) : (f64, f64) =
  let s = reduce combine {n = 0, mean = 0, m2 = 0}
                 (map (\x -> {n = 1, mean = x, m2 = 0}) xs)
  in (s.mean, s.m2 / s.n)
