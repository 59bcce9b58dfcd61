-- Operator sections: (op), (e op), (op e); (-e) is negation, not a section.
-- ==
-- input { [4, 8] [1, 2] } output { [3, 6] [6, 2] [2, 4] [-4, -8] }
def main (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32, []i32) =
  (map2 (-) xs ys, map (10-) xs, map (/2) xs, map (\x -> (-x)) xs)
