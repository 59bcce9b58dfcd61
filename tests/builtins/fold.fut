-- foldl and foldr with non-associative (-) show the direction.
-- ==
-- input { [1, 2, 3] } output { -6 2 }
-- input { [5] } output { -5 5 }
-- input { empty([0]i32) } output { 0 0 }
def main (xs: []i32) : (i32, i32) = (foldl (-) 0 xs, foldr (-) 0 xs)
