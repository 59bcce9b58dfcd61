-- Range expressions: exclusive, inclusive, with a step, downwards.
-- ==
-- input { 5 } output { [0, 1, 2, 3, 4] [1, 2, 3, 4, 5] [1, 3, 5] [5, 4, 3, 2, 1] [10, 7, 4, 1] }
def main (n: i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (0..<n, 1...n, 1..3...n, n..>0, 10..7...0)
