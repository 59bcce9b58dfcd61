-- In-place updates: let a[i] = v and a with [i] = v.
-- ==
-- input { [1, 2, 3] } output { [1, 99, 3] [5, 2, 3] [[0, 7], [0, 0]] }
def main (xs: []i32) : ([]i32, []i32, [][]i32) =
  let ys = copy xs
  let ys[1] = 99
  let zss = replicate 2 (replicate 2 0)
  let zss[0, 1] = 7
  in (ys, copy xs with [0] = 5, zss)
