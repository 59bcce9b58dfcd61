-- Reducing a three-level jagged array to one number per outer element.
-- ==
-- input { 4i64 } output { [0i64, 0i64, 0i64, 1i64] }
def main (n: i64) : []i64 =
  map (\r -> reduce (+) 0 (map (\s -> reduce (+) 0 s) r)) (map (\i -> map iota (iota i)) (iota n))
