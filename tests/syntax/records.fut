-- Record literals (with shorthand fields), projection, patterns and functional update.
-- ==
-- input { 1 } output { 3 11 7 }
def main (x: i32) : (i32, i32, i32) =
  let a = x
  let b = 2
  let r = {a, b}
  let {a = p, b = q} = r
  let s = r with a = 9
  let n = {inner = {v = 5}} with inner.v = 7
  in (r.a + r.b, s.a + q + 0 * p, n.inner.v)
