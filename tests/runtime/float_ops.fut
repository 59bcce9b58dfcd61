-- f64 arithmetic, ** and math functions.
-- ==
-- input { 2f64 0.5f64 } output { 1.4142135623730951 1.4142135623730951 -3 4.0 -2.0 true }
def main (a: f64) (b: f64) : (f64, f64, f64, f64, f64, bool) =
  (a ** b, f64.sqrt a, f64.floor (-a - b), a / b, -a, a > b)
