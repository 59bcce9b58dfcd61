-- Shifts: << wraps, >> is arithmetic on signed types, >>> is logical; unsigned >> is logical.
-- ==
-- input { 1 -8 200u8 } output { -2147483648 -4 2147483644 25u8 144u8 -2147483648 }
-- input { 3 -1 1u8 } output { -2147483648 -1 2147483647 0u8 2u8 -2147483648 }
def main (a: i32) (b: i32) (c: u8) : (i32, i32, i32, u8, u8, i32) =
  (a << 31, b >> 1, b >>> 1, c >> 3, c << 1, 0x40000000 << 1)
