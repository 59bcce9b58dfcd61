-- A failure in one rank's part of a split map stops every rank with the usual message and exit
-- status 2 (the index 6 lies in the last rank's part).
-- ==
-- input { [1i32, 2i32, 3i32] 3i64 } output { [1i32, 2i32, 3i32] }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] 7i64 } error: failure\.fut:6:44: Error: .*[Ii]ndex \[6\] out of bounds
def main (xs: []i32) (k: i64) = map (\i -> xs[i]) (iota k)
