-- i16 and i32 arithmetic wraps around.
-- ==
-- input { 32767i16 2147483647 } output { -32768i16 -2147483648 2147483645 }
-- input { -32768i16 -2147483648 } output { 32767i16 2147483647 -2147483648 }
def main (a: i16) (b: i32) : (i16, i32, i32) =
  (a + (if a > 0 then 1 else -1), b + (if b > 0 then 1 else -1), b * 3)
