-- Unsigned arithmetic: wrap-around, division, modulo and comparison on the unsigned value.
-- ==
-- input { 250u8 10u8 } output { 4u8 16u8 25u8 196u8 true }
-- input { 7u8 200u8 } output { 207u8 193u8 0u8 120u8 false }
def main (a: u8) (b: u8) : (u8, u8, u8, u8, bool) = (a + b, b - a, a / b, a * b, a > b)
