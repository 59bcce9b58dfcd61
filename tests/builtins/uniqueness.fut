-- In-place updates on the unique results of builtins (iota, replicate, map, scatter, copy).
-- ==
-- input { 4i64 } output { [100i64, 1i64, 2i64, 3i64] [0, 7, 0, 0] [5i64, 2i64, 3i64, 4i64] }
def main (n: i64) : ([]i64, []i32, []i64) =
  let a = iota n
  let a[0] = 100
  let b = replicate n 0
  let b = b with [1] = 7
  let c = map (+ 1) (iota n)
  let c[0] = 5
  in (a, b, c)
