-- `f [1, 2]` applies f to an array literal; `f xs[0]` applies f to xs[0].
-- ==
-- input { [10, 20] } output { 3 11 }
def sum (xs: []i32) : i32 = reduce (+) 0 xs
def inc (x: i32) : i32 = x + 1
def main (xs: []i32) : (i32, i32) = (sum [1, 2], inc xs[0])
