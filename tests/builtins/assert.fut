-- assert passes its value through when the condition holds and fails otherwise.
-- ==
-- input { 4 } output { 2 }
-- input { -4 } error: .
def main (x: i32) : i32 = assert (x >= 0) (x / 2)
