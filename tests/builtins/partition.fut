-- partition: (satisfying, not satisfying), both in original order.
-- ==
-- input { [5, 2, 7, 4, 1] } output { [2, 4] [5, 7, 1] }
-- input { [1] } output { empty([0]i32) [1] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
def main (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 2 == 0) xs
