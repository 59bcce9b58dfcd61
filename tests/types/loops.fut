-- for, for-in and while loops; the loop variable takes the bound's type.
-- ==
-- input { 5u8 [1, 2, 3] } output { 10u8 6 16 }
def main (n: u8) (xs: []i32) : (u8, i32, i32) =
  let a = loop s = 0 for i < n do s + i
  let b = loop s = 0 for x in xs do s + x
  let c = loop x = 1 while x < 10 do x * 2
  in (a, b, c)
