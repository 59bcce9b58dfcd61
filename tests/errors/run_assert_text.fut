-- A failed assertion names its condition as written in the source (one pair of parentheses
-- around the whole dropped, inner ones kept, blanks as one space), on every backend.
-- ==
-- input { [4, 2, 7] 1i64 } output { 3 }
-- input { [4, 2, 7] 0i64 } error: Assertion is false: xs\[i\] > 0 && \(i \+ 1\) % 2 == 0
-- input { [4, -2, 7] 1i64 } error: Assertion is false: xs\[i\] > 0 && \(i \+ 1\) % 2 == 0

def main (xs: []i32) (i: i64) =
  assert (xs[i] > 0 &&   (i + 1) % 2 == 0)
         (xs[i] + 1)
