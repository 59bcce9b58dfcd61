-- Indexing and slicing: multi-dimensional indices, strides, negative strides, columns.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { 6 [4, 5, 6] [3, 6, 9] [9, 7] [[5, 6], [8, 9]] [1, 3] [3, 2, 1] }
def main (m: [][]i32) : (i32, []i32, []i32, []i32, [][]i32, []i32, []i32) =
  (m[1, 2], m[1], m[:, 2], m[2, ::-2], m[1:, 1:], m[0, 0:3:2], m[0, ::-1])
