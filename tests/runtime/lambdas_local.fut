-- Lambdas with tuple patterns, local functions with several parameters, local functions as arguments.
-- ==
-- input { 3 } output { 14 [5, 8] 27 }
def main (n: i32) : (i32, [2]i32, i32) =
  let sq x = x * x
  let dot (a, b) (c, d) = a * c + b * d
  let apply_twice f x = f (f x)
  let cube = \x -> x * sq x
  in (dot (1, 2) (sq 2, 5), map (\(a, b) -> a + b) [(1, 4), (n, 5)], apply_twice (\y -> y + 12) n + 0 * cube n)
