-- A for-in loop over the rows of a jagged array.
-- ==
-- input { [3i64, 0i64, 5i64] } output { 8i64 13i64 }
def main (ns: []i64) : (i64, i64) =
  loop (c, s) = (0, 0) for r in map iota ns do (c + length r, s + reduce (+) 0 r)
