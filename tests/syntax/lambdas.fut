-- Lambdas with several parameters, a typed parameter and a return type.
-- ==
-- input { [1, 2] [3, 4] } output { [3, 8] [4, 6] }
def main (xs: []i32) (ys: []i32) : ([]i32, []i32) =
  (map2 (\x (y: i32) : i32 -> x * y) xs ys, map2 (\(a: i32) b -> a + b) xs ys)
