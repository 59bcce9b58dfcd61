-- Slices keep the array's rank; full dimensions keep their size.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 5] [[2, 3], [5, 6]] [3, 2, 1] }
def main (xss: [][]i32) : ([]i32, [][]i32, []i32) = (xss[:, 1], xss[:, 1:], xss[0, ::-1])
