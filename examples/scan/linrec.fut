-- Linear recurrences (seed 002, program 5): x_i = a_i * x_(i-1) + b_i as a scan over (a, b)
-- pairs, each the affine map x -> a*x + b, composed by (a1,b1) (+) (a2,b2) = (a1*a2, b1*a2 + b2)
-- with the identity map (1, 0) as neutral. `solve` starts from x_(-1) = 0, `from_x0` from a
-- given x0 (apply the composed maps to it), `ints` on i64 (wrapping). `verify_solve` checks
-- a result against the recurrence, element by element.
-- ==
-- entry: solve
-- input { [0.5f64, 2.0f64, -1.0f64, 0.25f64] [1.0f64, 1.0f64, 3.0f64, -2.0f64] }
-- output { [1.0f64, 3.0f64, 0.0f64, -2.0f64] }
-- input { empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) }
-- input { [3.0f64] [-1.5f64] }
-- output { [-1.5f64] }
-- input { [0.0f64, 1.0f64, 1.0f64] [4.0f64, 0.5f64, 0.25f64] }
-- output { [4.0f64, 4.5f64, 4.75f64] }

-- ==
-- entry: from_x0
-- input { 10.0f64 [0.5f64, 0.5f64, 0.5f64] [0.0f64, 1.0f64, 0.0f64] }
-- output { [5.0f64, 3.5f64, 1.75f64] }
-- input { 2.0f64 empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) }

-- ==
-- entry: ints
-- input { [2i64, 3i64, 1i64, -1i64, 2i64] [1i64, 0i64, 5i64, 2i64, -3i64] }
-- output { [1i64, 3i64, 8i64, -6i64, -15i64] }
-- input { [1i64, 4294967296i64, 4294967296i64] [1i64, 0i64, 1i64] }
-- output { [1i64, 4294967296i64, 1i64] }

-- ==
-- entry: verify_solve
-- input { [0.5f64, 2.0f64] [1.0f64, 1.0f64] [1.0f64, 3.0f64] }
-- output { true }
-- input { [0.5f64, 2.0f64] [1.0f64, 1.0f64] [1.0f64, 2.0f64] }
-- output { false }
-- input { empty([0]f64) empty([0]f64) empty([0]f64) }
-- output { true }

def compose (a1: f64, b1: f64) (a2: f64, b2: f64) : (f64, f64) = (a1 * a2, b1 * a2 + b2)

entry solve [n] (a: [n]f64) (b: [n]f64) : [n]f64 =
  scan compose (1, 0) (zip a b) |> map (.1)

entry from_x0 [n] (x0: f64) (a: [n]f64) (b: [n]f64) : [n]f64 =
  scan compose (1, 0) (zip a b) |> map (\(p, q) -> p * x0 + q)

entry ints [n] (a: [n]i64) (b: [n]i64) : [n]i64 =
  let (_, xs) = unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip a b))
  in xs

entry verify_solve [n] (a: [n]f64) (b: [n]f64) (xs: []f64) : bool =
  let near (u: f64) (v: f64) = f64.abs (u - v) <= 1e-9 * (1 + f64.abs u + f64.abs v)
  in length xs == n
     && and (map (\i -> near xs[i] (a[i] * (if i == 0 then 0 else xs[i-1]) + b[i])) (indices xs))
