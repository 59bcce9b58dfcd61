-- A def without annotations is generalised, like in Futhark.
-- ==
-- input { 4 } output { 4 4 true true }
def dup x = (x, x)
def main (x: i32) : (i32, i32, bool, bool) =
  let (a, b) = dup x
  let (c, d) = dup true
  in (a, b, c, d)
