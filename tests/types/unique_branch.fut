-- Consumption in one branch does not prevent use in the other.
-- ==
-- input { true } output { [7, 0] }
-- input { false } output { [0, 0] }
def main (c: bool) : []i32 =
  let xs = replicate 2 0
  in if c then xs with [0] = 7 else xs
