-- Local functions: let f x y = ... in ...
-- ==
-- input { 2 } output { 7 3 }
def main (x: i32) : (i32, i32) =
  let f a b = a * b + 1
  let g (y: i32) : i32 = y + 1
  in (f x 3, g x)
