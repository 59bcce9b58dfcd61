-- Recursive functions that take function arguments: the compiled backends make one function per
-- function argument (a definition, an operator section, a lambda), whose captured values (k, w,
-- an array) become parameters of their own; used at the top level and inside a map.
-- ==
-- entry: closed
-- input { 3 } output { 8 24 81 6 6.0f32 }

-- ==
-- entry: capturing
-- input { 3 2 [1, 2] } output { 9 [7, 18] 5 }

-- ==
-- entry: composed
-- input { [1, 2, 3] } output { [4, 6, 8] }

def apply_n (f: i32 -> i32) (n: i32) (x: i32) : i32 = if n == 0 then x else apply_n f (n - 1) (f x)

def fold_rec 'a (op: a -> a -> a) (z: a) (xs: []a) : a =
  if length xs == 0 then z else op xs[0] (fold_rec op z xs[1:])

-- a recursive map of a function over an array
def map_rec (f: i32 -> i32) (xs: []i32) : []i32 =
  if length xs == 0 then [] else [f xs[0]] ++ map_rec f xs[1:]

def twice (x: i32) = 2 * x

entry closed (x: i32) =
  (apply_n (+ 1) 5 x, apply_n twice 3 x, apply_n (\y -> y * y) 2 x, fold_rec (+) 0 [1, 2, 3], fold_rec (*) 1f32 [2, 3])

entry capturing (x: i32) (k: i32) (ws: []i32) =
  (apply_n (\y -> y + k) 3 x, map (\w -> apply_n (\y -> y * w + k) 2 x) ws, apply_n (\y -> y + ws[0]) 2 x)

entry composed (xs: []i32) = map_rec ((+ 1) >-> twice) xs
