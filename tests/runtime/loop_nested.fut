-- Nested loops, and a loop whose initial value is the variable itself (loop x do ...).
-- ==
-- input { 5 } output { 35 32 }
def main (n: i32) : (i32, i32) =
  let s = loop s = 0 for i < n do loop s for j < i do s + i * j
  let p = 1
  let p = loop p for _i < n do p * 2
  in (s, p)
