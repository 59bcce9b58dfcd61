-- The size of 0..<e is e when e is a size expression: here n + 1, which the result type and
-- zip with iota (n + 1) agree with; a range of another form has an unknown size.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64] [0i64, 2i64, 4i64, 6i64] [0i64, 2i64, 4i64] }
-- input { 0i64 } output { [0i64] [0i64] empty([0]i64) }
def main (n: i64) : ([n + 1]i64, [n + 1]i64, []i64) =
  let r = 0..<(n + 1)
  let d = map2 (+) r (iota (n + 1))
  in (r, d, 0..2..<(2 * n))
