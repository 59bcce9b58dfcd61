-- copy: the copy can be updated in place without changing the original.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [9, 2, 3] }
def main (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs
  let ys[0] = 9
  in (xs, ys)
