-- scatter: out-of-range indices (negative or too large) are ignored.
-- ==
-- input { [0, 0, 0, 0] [2i64, 0i64] [7, 8] } output { [8, 0, 7, 0] }
-- input { [1, 2, 3] [-1i64, 3i64, 100i64, 1i64] [9, 9, 9, 5] } output { [1, 5, 3] }
-- input { [1, 2, 3] empty([0]i64) empty([0]i32) } output { [1, 2, 3] }
-- input { empty([0]i32) [0i64] [1] } output { empty([0]i32) }
def main (dest: *[]i32) (is: []i64) (vs: []i32) : []i32 = scatter dest is vs
