-- Projection and index sections: (.0), (.a.b), (.[i]).
-- ==
-- input { [[1, 2], [3, 4]] } output { [2, 4] [1, 3] 7 }
def main (xss: [][]i32) : ([]i32, []i32, i32) =
  let r = {a = {b = 7}}
  in (map (.[1]) xss, map (.0) (map (\xs -> (xs[0], xs[1])) xss), (.a.b) r)
