-- Tuples, tuple projection and tuple patterns; unit.
-- ==
-- input { 3 } output { 4 true }
def swap 'a 'b ((x, y): (a, b)) : (b, a) = (y, x)
def main (n: i32) : (i32, bool) =
  let t = swap (n > 2, n + 1)
  let () = ()
  in (t.0, t.1)
