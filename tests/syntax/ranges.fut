-- Ranges: exclusive up and down, inclusive, and with a step.
-- ==
-- input { 4 } output { [0, 1, 2, 3] [1, 3, 5, 7] [4, 3, 2, 1] [1, 2, 3, 4] [0, 3, 6, 9] }
def main (n: i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (0..<n, 1..3..<9, n..>0, 1...n, 0..3...9)
