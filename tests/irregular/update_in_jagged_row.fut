-- Updating part of one row of a jagged array (x with [i, rest] = v, rest holding a slice or
-- reaching a row of a deeper level): the represent pass takes row i, updates it, and puts it
-- back.  Expected outputs worked out by hand.

-- rows of iota: a slice of a row, a row of a row, a slice of a row of a row
-- ==
-- entry: rows
-- input { [3i64, 1i64, 4i64] }
-- output { [[0i64, 1i64, 2i64], [0i64], [0i64, 10i64, 20i64, 3i64]]
--          [[[0i64], [0i64, 1i64], [0i64, 1i64, 2i64]], [[0i64]], [[0i64], [0i64, 1i64], [0i64, 1i64, 2i64], [7i64, 8i64, 9i64, 6i64]]]
--          [[[0i64], [0i64, 1i64], [0i64, 1i64, 2i64]], [[0i64]], [[0i64], [5i64, 5i64], [0i64, 1i64, 2i64], [0i64, 1i64, 2i64, 3i64]]] }

entry rows (ns: []i64) : ([][]i64, [][][]i64, [][][]i64) =
  let j = map iota ns
  let t = map (\n -> map (\m -> iota (m + 1)) (iota n)) ns
  let a = copy j with [2, 1:3] = [10, 20]
  let c = copy t with [2, 3] = [7, 8, 9, 6]
  let d = copy t with [2, 1, 0:2] = [5, 5]
  in (a, c, d)

-- per element of a map, an index then a slice into a row of unknown width
-- ==
-- entry: per_element
-- input { [0i64, 1i64] [2i64, 3i64]
--         [[[1i64, 1i64, 1i64, 1i64], [1i64, 1i64, 1i64, 1i64], [1i64, 1i64, 1i64, 1i64]],
--          [[2i64, 2i64, 2i64, 2i64], [2i64, 2i64, 2i64, 2i64], [2i64, 2i64, 2i64, 2i64]]]
--         [[5i64, 6i64], [7i64, 8i64]] }
-- output { [21i64, 35i64] }
-- input { [2i64] [3i64] [[[0i64, 0i64], [0i64, 0i64], [0i64, 0i64]]] [[4i64, 4i64]] }
-- error: out of bounds

entry per_element [n] (is: [n]i64) (js: [n]i64) (ass: [n][][]i64) (vs: [n][]i64) : [n]i64 =
  map4 (\i j as v -> i64.sum (flatten (copy as with [i, i:j] = v))) is js ass vs
