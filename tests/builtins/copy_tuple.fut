-- copy of a tuple of arrays and of a 2-d array; updating the copy leaves the original alone.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 4]] [[1, 2], [3, 0]] 5 }
def main (xss: [][]i32) : ([][]i32, [][]i32, i32) =
  let (a, n) = copy (xss, 5)
  let a[1, 1] = 0
  in (xss, a, n)
