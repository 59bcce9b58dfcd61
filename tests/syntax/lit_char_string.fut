-- Character literals are u8; strings are arrays of u8, with escapes.
-- ==
-- input { 0 } output { 97u8 3i64 10u8 [34u8, 92u8, 65u8] }
def main (_x: i32) : (u8, i64, u8, []u8) =
  ('a', length "ab\n", "ab\n"[2], "\"\\\x41")
