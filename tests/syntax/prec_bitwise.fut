-- & ^ | share one level (left-associative), looser than shifts, which are looser than +.
-- ==
-- input { 5 } output { 8 8 -4 }
def main (x: i32) : (i32, i32, i32) = (x & 3 | 8 ^ 1, 1 << 2 + 1, -16 >> 2)
