-- Updates of single elements, rows and slices of a two-dimensional array; the original is unchanged.
-- ==
-- input { 3i64 } output { [[0, 0, 0], [0, 7, 0], [9, 9, 9]] [[1, 0, 0], [0, 0, 8], [0, 8, 0]] [[0, 0, 0], [0, 0, 0], [0, 0, 0]] }
def main (n: i64) : ([][]i32, [][]i32, [][]i32) =
  let z = replicate n (replicate n 0)
  let a = copy z with [1, 1] = 7
  let a = a with [2] = replicate n 9
  let b = copy z
  let b[0, 0] = 1
  let b[1:3, 2] = [8, 0]
  let b[2, 0:2] = [0, 8]
  in (a, b, z)
