-- Operator sections: (op), (e op), (op e), and backticks.
-- ==
-- input { [1, 2, 3] } output { [0, 1, 2] [9, 8, 7] [false, true, true] 6 }
def main (xs: []i32) : ([]i32, []i32, []bool, i32) =
  (map (+ (-1)) xs, map (10 -) xs, map (> 1) xs, reduce (+) 0 xs)
