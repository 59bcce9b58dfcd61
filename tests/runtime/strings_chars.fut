-- String literals are arrays of u8; character literals are u8.
-- ==
-- input { 0 } output { [104u8, 105u8] 97u8 2i64 }
def main (_z: i32) : ([]u8, u8, i64) = ("hi", 'a', length "hi")
