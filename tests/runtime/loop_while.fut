-- while loops: Collatz step counts.
-- ==
-- input { 27 } output { 111 }
-- input { 1 } output { 0 }
-- input { 97 } output { 118 }
def main (n: i32) : i32 =
  let (_, steps) = loop (x, s) = (n, 0) while x != 1 do
                     if x % 2 == 0 then (x / 2, s + 1) else (3 * x + 1, s + 1)
  in steps
