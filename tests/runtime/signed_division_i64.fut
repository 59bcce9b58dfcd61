-- Rounding of signed division on i64, including large magnitudes.
-- ==
-- input { -9223372036854775807i64 10i64 } output { -922337203685477581i64 3i64 -922337203685477580i64 -7i64 }
-- input { -1i64 3i64 } output { -1i64 2i64 0i64 -1i64 }
-- input { 5i64 -3i64 } output { -2i64 -1i64 -1i64 2i64 }
def main (a: i64) (b: i64) : (i64, i64, i64, i64) = (a / b, a % b, a // b, a %% b)
