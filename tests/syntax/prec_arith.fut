-- Multiplicative operators bind tighter than additive ones; all are left-associative.
-- ==
-- input { 1 } output { 5 -3 2 }
-- input { 10 } output { 14 6 2 }
def main (x: i32) : (i32, i32, i32) =
  (x + 2 * 3 - 4 / 2 % 3, x - 2 - 2, 20 / 5 / 2)
