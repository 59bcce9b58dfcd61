-- Boolean operators, short-circuiting && and || (the right side would divide by zero).
-- ==
-- input { true 0 } output { false true true false }
-- input { false 1 } output { false true true true }
def main (b: bool) (z: i32) : (bool, bool, bool, bool) =
  (b && !b, b || !b, b || (1 / z == 1), !b && (1 / z == 1 || true))
