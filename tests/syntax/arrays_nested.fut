-- Nested array literals and unit.
-- ==
-- input { 1 } output { [[1, 2], [3, 4]] 2i64 }
def main (x: i32) : ([][]i32, i64) =
  let u = ()
  let _ = u
  in ([[x, 2], [3, 4]], length [[x], [x]])
