-- filter over zipped arrays, then the count.
-- ==
-- input { [1, 5, 2, 8] [true, false, true, true] } output { [1, 2, 8] 3i64 }
def main (xs: []i32) (keep: []bool) : ([]i32, i64) =
  let kept = filter (\(_, k) -> k) (zip xs keep)
  let (ys, _) = unzip kept
  in (ys, length kept)
