-- Operator sections: (op), (e op), (op e), and field and index sections.
-- ==
-- input { [1, 2, 3] } output { [11, 12, 13] [9, 8, 7] [2, 4, 6] 6 [1, 0, 1] }
def main (xs: []i32) : ([]i32, []i32, []i32, i32, []i32) =
  (map (+ 10) xs, map (10 -) xs, map (2 *) xs, reduce (+) 0 xs, map (% 2) xs)
