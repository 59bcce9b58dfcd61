-- A user definition shadows a prelude one for later code, but the prelude keeps its own.
-- ==
-- input { [1, 2, 3] } output { 600 6 }
def sum (xs: []i32) : i32 = 100 * reduce (+) 0 xs
def main (xs: []i32) : (i32, i32) = (sum xs, i32.sum xs)
