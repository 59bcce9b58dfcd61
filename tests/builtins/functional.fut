-- id, const, flip, curry, uncurry.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [7, 7, 7] [-9, -8, -7] 12 [3, 5, 7] }
def main (xs: []i32) : ([]i32, []i32, []i32, i32, []i32) =
  (map id xs,
   map (const 7) xs,
   map (flip (-) 10) xs,
   curry (\(a, b) -> a * b) 3 4,
   map (uncurry (+)) (zip xs (map (+ 1) xs)))
