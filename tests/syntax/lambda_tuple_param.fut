-- A lambda taking a tuple pattern.
-- ==
-- input { [1, 2] [3, 4] } output { [4, 6] }
def main (xs: []i32) (ys: []i32) : []i32 = map (\(a, b) -> a + b) (zip xs ys)
