-- A failed coercion of a nest of arrays shows the whole shape of the value and of the type,
-- with the type's sizes evaluated and [] where it asks for any size; tuples are checked per
-- component.
-- ==
-- entry: grid
-- input { [[1, 2], [3, 4]] 2i64 2i64 } output { [[1, 2], [3, 4]] }
-- input { [[1, 2], [3, 4]] 1i64 4i64 }
-- error: run_coerce_shape\.fut:12:55: Error: size mismatch: value of shape \[2\]\[2\] cannot match shape of type "\[1\]\[4\]i32"
-- input { [[1, 2], [3, 4]] 2i64 3i64 }
-- error: value of shape \[2\]\[2\] cannot match shape of type "\[2\]\[3\]i32"

entry grid [n] [m] (x: [n][m]i32) (a: i64) (b: i64) = x :> [a][b]i32

-- ==
-- entry: rows
-- input { [[1, 2, 3]] 3i64 } output { [[1, 2, 3]] }
-- input { [[1, 2, 3]] 2i64 }
-- error: value of shape \[1\]\[3\] cannot match shape of type "\[\]\[2\]i32"

entry rows (x: [][]i32) (k: i64) = x :> [][k]i32

-- ==
-- entry: pair
-- input { [1, 2] [1.0, 2.0, 3.0] 2i64 } error: value of shape \[3\] cannot match shape of type "\[2\]f64"
-- input { [1, 2] [1.0, 2.0] 2i64 } output { [1, 2] [1.0, 2.0] }

entry pair (xs: []i32) (ys: []f64) (k: i64) = (xs, ys) :> ([k]i32, [k]f64)

-- ==
-- entry: record
-- input { [1, 2, 3] 3i64 } output { [1, 2, 3] 3i64 }
-- input { [1, 2, 3] 2i64 } error: value of shape \[3\] cannot match shape of type "\[2\]i32"

entry record (xs: []i32) (k: i64) =
  let r = {b = k, a = xs} :> {a: [k]i32, b: i64}
  in (r.a, r.b)
