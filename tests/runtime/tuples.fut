-- Tuples: projection, nested patterns, wildcards, tuples of arrays.
-- ==
-- input { 5 } output { 5 6 11 [1, 2] true }
def main (n: i32) : (i32, i32, i32, []i32, bool) =
  let t = (n, (n + 1, [1, 2]), true)
  let (a, (b, xs), _) = t
  in (a, t.1.0, a + b, xs, t.2)
