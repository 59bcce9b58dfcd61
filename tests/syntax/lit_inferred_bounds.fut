-- Unsuffixed literals at the edges of the types their context gives them are accepted: the
-- most negative signed value, the largest unsigned one, and hexadecimal and binary literals,
-- which are bit patterns (0xFF as an i8 is -1).
-- ==
-- input { 0i8 } output { -128i8 127i8 255u8 -1i8 -32768i16 65535u16 -1i16 4294967295u32 -9223372036854775808i64 18446744073709551615u64 }

def main (z: i8) =
  (z + -128, z + 127, u8.i8 z + 255, z + 0xFF, i16.i8 z + -32768, u16.i8 z + 65535,
   i16.i8 z + 0b1111111111111111, u32.i8 z + 4294967295, i64.i8 z + -9223372036854775808,
   u64.i8 z + 18446744073709551615)
