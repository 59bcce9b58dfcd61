-- A lambda may project a field of a record parameter whose type comes from the array.
-- ==
-- input { [1, 2, 3] } output { 6 }
def main (xs: []i32) : i32 =
  let rs = map (\x -> {a = x, b = x > 1}) xs
  in reduce (+) 0 (map (\r -> r.a) rs)
