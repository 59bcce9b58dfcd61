-- A type ascription that does not hold.
-- ==
-- error: type_ascription.fut:5:17: error: the bound value cannot match the pattern: expected f32 but got i32
def main (x: i32) : i32 =
  let y : f32 = x
  in 0
