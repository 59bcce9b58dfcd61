-- Hexadecimal literals with a signed suffix denote bit patterns.
-- ==
-- input { 0i8 } output { -1i8 127i16 }
def main (x: i8) : (i8, i16) = (x + 0xffi8, 0x7fi16)
