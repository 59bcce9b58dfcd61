-- A `[]` in a function's return type takes the body's size where only the parameters determine
-- it (Futhark's rule): `cut l xs` is [l]i32, so unflatten learns both of its sizes from
-- `cut (a*b) ...`; `pair n` is ([n+1]i64, [n][2]i64) through a tuple; a size of a local (filter's)
-- stays existential.
-- ==
-- input { 2i64 3i64 } output { [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] 5i64 2i64 }
-- input { 3i64 2i64 } output { [[1i32, 3i32, 5i32], [2i32, 4i32, 6i32]] 7i64 2i64 }

def cut (l: i64) (xs: []i32) : []i32 = take l xs

def pair (n: i64) : ([]i64, [][]i64) = (iota (n + 1), replicate n (iota 2))

def evens (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs

entry main (a: i64) (b: i64) =
  let m = unflatten (cut (a * b) [1, 2, 3, 4, 5, 6, 7])
  let (r, q) = pair a
  in (transpose m, length r + length q, length (evens [1, 2, 3, 4, 5]))
