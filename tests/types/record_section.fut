-- Field sections (.a) and nested field sections (.a.b).
-- ==
-- input { [1, 2] } output { [1, 2] [true, false] }
def main (xs: []i32) : ([]i32, []bool) =
  let rs = map (\x -> {a = x, b = {c = x == 1}}) xs
  in (map (.a) rs, map (.b.c) rs)
