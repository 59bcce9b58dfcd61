-- Slicing several dimensions at once.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { [2, 5, 8] [[4], [7]] [2, 3] }
def main (xss: [][]i32) : ([]i32, [][]i32, []i32) = (xss[:, 1], xss[1:, :1], xss[0, 1:])
