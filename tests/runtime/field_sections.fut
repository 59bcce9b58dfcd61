-- Projection sections (.0), (.a) and index sections (.[i]).
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [2, 4, 6] [3, 2] }
def main (xs: []i32) : ([]i32, []i32, []i32) =
  let ps = map (\x -> (x, 2 * x)) xs
  let rs = map (\x -> {a = x, b = 2 * x}) xs
  let nested = [[1, 3], [4, 2]]
  in (map (.0) ps, map (.b) rs, map (.[1]) nested)
