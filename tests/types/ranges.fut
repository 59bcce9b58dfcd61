-- Ranges take an integer element type from their bounds.
-- ==
-- input { 4i64 3u8 } output { [0i64, 1i64, 2i64, 3i64] [1u8, 2u8, 3u8] [5, 3, 1] }
def main (n: i64) (m: u8) : ([]i64, []u8, []i32) = (0..<n, 1...m, 5..3..>0)
