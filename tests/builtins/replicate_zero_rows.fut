-- replicate 0 of an array: an empty array that keeps its rows' shape, so that the result's
-- inner sizes check and print ([0][n], not [0][0]) and transpose finds them.
-- ==
-- input { 3i64 0i64 } output { empty([0][3]i32) 3i64 }
-- input { 2i64 2i64 } output { [[7, 7], [7, 7]] 2i64 }
-- input { 0i64 0i64 } output { empty([0][0]i32) 0i64 }
def main (n: i64) (k: i64) : ([k][n]i32, i64) =
  let rows = replicate k (replicate n 7i32)
  in (rows, length (transpose rows))
