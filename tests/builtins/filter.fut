-- filter keeps order; all, none, empty.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [2, 4, 6] }
-- input { [1, 3] } output { empty([0]i32) }
-- input { [2, 0, -2] } output { [2, 0, -2] }
-- input { empty([0]i32) } output { empty([0]i32) }
def main (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs
