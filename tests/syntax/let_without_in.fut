-- Successive lets need no `in` between them.
-- ==
-- input { 1 } output { 6 }
def main (x: i32) : i32 =
  let a = x
  let b = a + 1
  let c = b + 1 in
  let d = a + b + c
  in d
