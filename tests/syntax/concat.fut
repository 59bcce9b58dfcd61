-- ++ concatenates arrays (at the level of + and -).
-- ==
-- input { [4, 5] } output { [1, 2, 3, 4, 5] }
-- input { empty([0]i32) } output { [1, 2, 3] }
def main (xs: []i32) : []i32 = [1, 2] ++ [3] ++ xs
