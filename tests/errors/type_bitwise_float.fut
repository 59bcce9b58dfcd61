-- Bitwise operators work on integers only.
-- ==
-- error: type_bitwise_float.fut:4:27: error: .&. works on integers, but the left.*
def main (x: f32) : f32 = x & 1
