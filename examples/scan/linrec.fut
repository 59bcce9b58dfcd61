-- First-order linear recurrence x_i = a_i * x_(i-1) + b_i as a scan over (a, b) pairs with
-- (a1,b1)+(a2,b2) = (a1*a2, b1*a2 + b2).
-- ==
-- entry: solve
-- input { [0.5f64, 2.0f64, -1.0f64, 0.25f64] [1.0f64, 1.0f64, 3.0f64, -2.0f64] }
-- output { [1.0f64, 3.0f64, 0.0f64, -2.0f64] }
-- input { empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) }

-- ==
-- entry: from_x0
-- input { 10.0f64 [0.5f64, 0.5f64, 0.5f64] [0.0f64, 1.0f64, 0.0f64] }
-- output { [5.0f64, 3.5f64, 1.75f64] }

-- ==
-- entry: ints
-- input { [2i64, 3i64, 1i64, -1i64, 2i64] [1i64, 0i64, 5i64, 2i64, -3i64] }
-- output { [1i64, 3i64, 8i64, -6i64, -15i64] }

def compose (a1: f64, b1: f64) (a2: f64, b2: f64) : (f64, f64) = (a1 * a2, b1 * a2 + b2)

entry solve [n] (a: [n]f64) (b: [n]f64) : [n]f64 =
  scan compose (1, 0) (zip a b) |> map (.1)

entry from_x0 [n] (x0: f64) (a: [n]f64) (b: [n]f64) : [n]f64 =
  scan compose (1, 0) (zip a b) |> map (\(p, q) -> p * x0 + q)

entry ints [n] (a: [n]i64) (b: [n]i64) : [n]i64 =
  let (_, xs) = unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip a b))
  in xs
