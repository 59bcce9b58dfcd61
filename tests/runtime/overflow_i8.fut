-- i8 arithmetic wraps around at 8 bits.
-- ==
-- input { 100i8 100i8 } output { -56i8 16i8 56i8 }
-- input { 127i8 1i8 } output { -128i8 127i8 -128i8 }
def main (a: i8) (b: i8) : (i8, i8, i8) = (a + b, a * b, -a - b)
