-- indices: iota of the length.
-- ==
-- input { [7, 8, 9] } output { [0i64, 1i64, 2i64] }
-- input { empty([0]i32) } output { empty([0]i64) }
def main (xs: []i32) : []i64 = indices xs
