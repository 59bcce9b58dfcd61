-- transpose: square, non-square, empty, and of a 3-d array (outer two dimensions only).
-- ==
-- entry: t2
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }
-- input { [[1, 2], [3, 4]] } output { [[1, 3], [2, 4]] }
-- input { [[7, 8, 9]] } output { [[7], [8], [9]] }
-- input { empty([0][3]i32) } output { empty([3][0]i32) }
entry t2 [n][m] (xss: [n][m]i32) : [m][n]i32 = transpose xss

-- A parameter with unnamed inner dimensions may be jagged: transposing checks that it is
-- regular.  An empty one has no rows to give its inner size (docs/EXECUTABLES.md).
-- ==
-- entry: t2_jagged
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }
-- input { empty([0][3]i32) } output { empty([0][0]i32) }
-- input { [[1, 2], [3]] } error: transpose of an irregular array
entry t2_jagged (xss: [][]i32) : [][]i32 = transpose xss

-- ==
-- entry: t3
-- input { [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
-- output { [[[1, 2], [7, 8]], [[3, 4], [9, 10]], [[5, 6], [11, 12]]] }
entry t3 (x: [][][]i32) : [][][]i32 = transpose x

-- ==
-- entry: twice
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 2, 3], [4, 5, 6]] }
entry twice (xss: [][]i32) : [][]i32 = transpose (transpose xss)

-- Column sums of a non-square matrix through transpose.
-- ==
-- entry: rowsums
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
entry rowsums (xss: [][]i32) : []i32 = map i32.sum (transpose xss)
