-- Integer exponentiation with ** wraps like multiplication.
-- ==
-- input { 2 10 3i8 } output { 1024 -2147483648 -13i8 -8 }
-- input { 7 0 -1i8 } output { 1 265001655 -1i8 -8 }
def main (a: i32) (b: i32) (c: i8) : (i32, i32, i8, i32) = (a ** b, a ** 31, c ** 5, (-2) ** 3)
