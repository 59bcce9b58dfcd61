-- Comparisons bind tighter than &&, which binds tighter than ||.
-- ==
-- input { 1 } output { true true false }
-- input { 2 } output { true false false }
def main (x: i32) : (bool, bool, bool) =
  (x + 2 == 3 && 4 < 5 || true,
   !(x > 1) && 3 >= 3,
   x != x || 2 <= 1 && true)
