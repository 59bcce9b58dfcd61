-- Overloaded operators: bitwise on integers, ** on floats, comparisons, ==, !.
-- ==
-- input { 6u32 2.0f64 } output { 2u32 7u32 24u32 4294967289u32 4.0f64 true false }
def main (x: u32) (y: f64) : (u32, u32, u32, u32, f64, bool, bool) =
  (x & 3, x | 1, x << 2, !x, y ** 2, [1, 2] == [1, 2], !(x > 5))
