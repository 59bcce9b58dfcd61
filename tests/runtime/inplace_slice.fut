-- Slice updates with strides.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [1, 9, 9, 4, 5, 6] [0, 2, 0, 4, 0, 6] [1, 2, 3, 4, 5, 0] }
def main (xs: []i32) : ([]i32, []i32, []i32) =
  let a = copy xs with [1:3] = [9, 9]
  let b = copy xs with [0:6:2] = [0, 0, 0]
  let c = copy xs with [5:] = [0]
  in (a, b, c)
