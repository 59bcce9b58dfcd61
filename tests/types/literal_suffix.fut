-- Suffixes fix the literal's type.
-- ==
-- input { } output { 255u8 -1i8 3000000000i64 2.0f32 }
def main : (u8, i8, i64, f32) = (255u8, -1i8, 3000000000i64, 2f32)
