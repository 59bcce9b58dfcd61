-- Tuple construction, patterns and projection.
-- ==
-- input { 1 } output { 3 2 6 }
def main (x: i32) : (i32, i32, i32) =
  let (a, b) = (x, x + 1)
  let t = ((a, b), 3)
  in ((b, a).0 + (b, a).1, t.0.1, t.0.0 + t.0.1 + t.1)
