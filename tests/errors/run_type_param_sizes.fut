-- Arguments passed for parameters of one type parameter have one type, sizes included: a
-- call with arrays of different lengths is a size mismatch at the call (Futhark's
-- shapes/polymorphic1).  Inner sizes are not compared (an inner [] may be jagged in weft).

def pair 't (x: t) (y: t) = (x, y)

-- ==
-- entry: main
-- input { [1] [2] } output { [1] [2] }
-- input { [1] [2, 3] } error: run_type_param_sizes\.fut:11:38: Error: size mismatch: two arguments of type t have 1 and 2 elements
entry main (xs: []i32) (ys: []i32) = pair xs ys

-- ==
-- entry: rows
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] } output { [[1, 2], [3, 4]] [[5, 6], [7, 8]] }
-- input { [[1, 2], [3, 4]] [[5, 6]] } error: size mismatch: two arguments of type t have 2 and 1 elements
entry rows (xss: [][]i32) (yss: [][]i32) =
  let ((a, _), (b, _)) = pair (xss, 0i32) (yss, 1i32)
  in (a, b)

-- Arrays of a type parameter: the rows of one argument are one type, so are any two.
-- ==
-- entry: elems
-- input { [1, 2] [3] } output { [1, 2] [3] }
entry elems (xs: []i32) (ys: []i32) =
  let both 'a (p: []a) (q: []a) = (p, q)
  in both xs ys
