-- Updates of jagged arrays through an outer slice (`xss with [a:b] = vss`, `[a:b, c:d]`,
-- strided and backwards slices, a slice then an index), at the top level and in a map
-- (Futhark's tests/flattening/update/multdim.fut's shape): the rows the slice names become v's
-- rows, of any length, the others stay (jagged.c lower_update_slice).  The slice is checked as a
-- slice of the outer dimension (out of bounds) and v's rows against its length (size
-- mismatch), with the interpreter's messages.  Expected values worked out by hand.
-- ==
-- entry: rows
-- input { [[1,2,3],[4,5,6],[7,8,9]] [[0],[1,1,1,1]] }
-- output { [[1,2,3],[0],[1,1,1,1]] }
-- input { [[1],[2,3],[4,5,6]] [[7],empty([0]i32)] }
-- output { [[1],[7],empty([0]i32)] }
-- input { [[1,2,3],[4,5,6],[7,8,9]] [[0,0]] }
-- error: size mismatch
entry rows (xss: [][]i32) (vss: [][]i32) = copy xss with [1:3] = vss
-- ==
-- entry: block
-- input { [[1,2,3],[4,5,6],[7,8,9]] [[0,0],[1,1]] }
-- output { [[1,2,3],[4,0,0],[7,1,1]] }
-- input { [[1,2,3],[4,5,6],[7,8]] [[0,0],[1,1]] }
-- error: out of bounds
entry block (xss: [][]i32) (vss: [][]i32) = copy xss with [1:3, 1:3] = vss
-- ==
-- entry: strided
-- input { [[1],[2,2],[3,3,3],[4,4,4,4],[5]] [[9],[8],[7]] }
-- output { [[9],[2,2],[8,3,3],[4,4,4,4],[7]] }
-- input { [[1],[2,2],[3,3,3],[4,4,4,4],[5]] [[9],[8],[7],[6]] }
-- error: size mismatch
entry strided (xss: [][]i32) (vss: [][]i32) = copy xss with [0:5:2, 0] = map (\vs -> vs[0]) vss
-- ==
-- entry: window
-- input { 0i64 2i64 [[1],[2,3],[4,5,6]] [[7,7,7],empty([0]i32)] }
-- output { [[7,7,7],empty([0]i32),[4,5,6]] }
-- input { 3i64 3i64 [[1],[2,3],[4,5,6]] empty([0][0]i32) }
-- output { [[1],[2,3],[4,5,6]] }
-- input { 2i64 5i64 [[1],[2,3],[4,5,6]] [[1],[2],[3]] }
-- error: out of bounds
-- input { 2i64 1i64 [[1],[2,3],[4,5,6]] empty([0][0]i32) }
-- error: out of bounds
entry window (a: i64) (b: i64) (xss: [][]i32) (vss: [][]i32) = copy xss with [a:b] = vss
-- ==
-- entry: backwards
-- input { [[1],[2,2],[3,3,3],[4,4,4,4]] [[7,7],[8]] }
-- output { [[1],[2,2],[8],[7,7]] }
entry backwards (xss: [][]i32) (vss: [][]i32) = copy xss with [3:1:-1] = vss
-- ==
-- entry: in_map
-- input { [0i64, 1i64] [2i64, 3i64]
--         [[[9f64,9f64,9f64,9f64],[9f64,9f64,9f64,9f64],[9f64,9f64,9f64,9f64]],
--          [[9f64,9f64,9f64,9f64],[9f64,9f64,9f64,9f64],[9f64,9f64,9f64,9f64]]]
--         [[[0f64,1f64],[2f64,3f64]],[[4f64,5f64],[6f64,7f64]]] }
-- output { [78.0, 94.0] }
entry in_map [n] (is: [n]i64) (js: [n]i64) (ass: [n][][]f64) (vss: [n][][]f64) =
  map4 (\i j as vs -> f64.sum (flatten (copy as with [i:j, i:j] = vs))) is js ass vss
