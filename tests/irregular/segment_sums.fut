-- Sums of squares over segments given by their lengths, and their total.
-- ==
-- input { [3i64, 0i64, 4i64] } output { [5i64, 0i64, 14i64] 19i64 }
def main (ls: []i64) : ([]i64, i64) =
  let sums = map (\n -> reduce (+) 0 (map (\x -> x * x) (iota n))) ls
  in (sums, reduce (+) 0 sums)
