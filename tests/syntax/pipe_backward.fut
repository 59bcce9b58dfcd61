-- <| is application, right-associative.
-- ==
-- input { [1, 2, 3] } output { 12 }
def main (xs: []i32) : i32 = reduce (+) 0 <| map (*2) <| xs
