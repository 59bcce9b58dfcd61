-- One-dimensional slices with optional start, end and stride.
-- ==
-- input { [10, 20, 30, 40, 50] }
-- output { [20, 30] [10, 20] [40, 50] [10, 30, 50] [50, 40, 30] }
def main (xs: []i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (xs[1:3], xs[:2], xs[3:], xs[::2], xs[4:1:-1])
