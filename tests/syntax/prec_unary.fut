-- Unary minus and logical not.
-- ==
-- input { 4 } output { -1 -8 true -4 }
def main (x: i32) : (i32, i32, bool, i32) = (-x + 3, - x * 2, !(x < 0) || false, -(x))
