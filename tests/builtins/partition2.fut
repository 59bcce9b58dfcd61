-- partition2: three classes in order.
-- ==
-- input { [-3, 4, 0, 12, -1, 7] } output { [-3, -1] [4, 0, 7] [12] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) }
def main (xs: []i32) : ([]i32, []i32, []i32) = partition2 (\x -> x < 0) (\x -> x < 10) xs
