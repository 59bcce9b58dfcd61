-- Hexadecimal and binary integer literals.
-- ==
-- input { 0 } output { 281 }
-- input { 1 } output { 282 }
def main (x: i32) : i32 = x + 0xff + 0b1010 + 0X10
