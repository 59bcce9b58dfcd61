-- Partial application of top-level and local functions, and over-application of returned closures.
-- ==
-- input { 4 } output { 7 [5, 6, 7] 24 9 }
def add3 (a: i32) (b: i32) (c: i32) : i32 = a + b + c
def mk (a: i32) : i32 -> i32 -> i32 = \b c -> a * b * c
def main (x: i32) : (i32, [3]i32, i32, i32) =
  let p = add3 1
  let q = p 2
  let r = map (add3 x 0) [1, 2, 3]
  in (q x, r, mk 2 3 x, (add3 x) 2 3)
