-- Unsuffixed integer literals default to i32 and decimals to f64 when nothing constrains them.
-- ==
-- input { 2 } output { 7 2.5f64 }
def main (x: i32) : (i32, f64) =
  let a = 5
  let b = 1.25
  in (a + x, b * 2)
