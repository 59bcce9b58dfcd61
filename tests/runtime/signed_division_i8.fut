-- Rounding of signed division on i8.
-- ==
-- input { -128i8 3i8 } output { -43i8 1i8 -42i8 -2i8 }
-- input { -5i8 2i8 } output { -3i8 1i8 -2i8 -1i8 }
-- input { 127i8 -10i8 } output { -13i8 -3i8 -12i8 7i8 }
def main (a: i8) (b: i8) : (i8, i8, i8, i8) = (a / b, a % b, a // b, a %% b)
