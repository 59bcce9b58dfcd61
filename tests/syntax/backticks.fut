-- Backtick application of a named function, and its sections.
-- ==
-- input { 3 5 } output { 5 4 4 }
def max' (a: i32) (b: i32) : i32 = if a > b then a else b
def main (x: i32) (y: i32) : (i32, i32, i32) =
  (x `max'` y, (`max'` 4) x, (4 `i32.max`) x)
