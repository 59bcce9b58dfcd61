-- loop ... while c do
-- ==
-- input { 1 } output { 7 128 }
-- input { 100 } output { 0 100 }
def main (x0: i32) : (i32, i32) =
  loop (i, x) = (0, x0) while x < 100 do (i + 1, x * 2)
