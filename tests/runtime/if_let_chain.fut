-- Deeply chained lets and ifs, with shadowing.
-- ==
-- input { 7 } output { 22 }
-- input { -3 } output { 4 }
def main (x: i32) : i32 =
  let y = if x > 0 then x * 3 else -x
  let y = if y % 2 == 0 then y / 2 else y + 1
  let z = y
  let y = z
  in if x > 0 then y else y - 0
