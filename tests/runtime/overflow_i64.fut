-- i64 arithmetic wraps around, including multiplication.
-- ==
-- input { 9223372036854775807i64 } output { -9223372036854775808i64 1i64 9223372036854775807i64 }
def main (x: i64) : (i64, i64, i64) = (x + 1, x * x, -x - 2)
