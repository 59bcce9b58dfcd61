-- && needs booleans.
-- ==
-- error: type_and_int.fut:4:37: error: .&&. works on bool, but the right.*
def main (x: i32) : bool = x > 0 && x
