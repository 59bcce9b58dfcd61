-- Type aliases, with type and size parameters.
-- ==
-- input { [1, 2, 3] } output { 6 }
type vec 't = []t
type num = i32
type arr [n] = [n]i32
def sum [n] (xs: arr [n]) : num = reduce (+) 0 xs
def main (xs: vec num) : num = sum xs
