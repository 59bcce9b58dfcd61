-- Bitwise and, or, xor and complement on signed and unsigned integers.
-- ==
-- input { 12 10 240u8 } output { 8 14 6 -13 15u8 48u8 }
def main (a: i32) (b: i32) (c: u8) : (i32, i32, i32, i32, u8, u8) =
  (a & b, a | b, a ^ b, !a, !c, c & 0x3c)
