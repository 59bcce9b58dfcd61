-- 200000 in-place updates of a unique array finish quickly only if they do not copy.
-- ==
-- input { 200000i64 } output { 19999900000i64 }
def main (n: i64) : i64 =
  let a = loop a = replicate n 0 for i < n do a with [i] = i
  let a = loop a for i < n do a with [i] = a[i] + a[n - 1 - i] * 0 + 0
  in reduce (+) 0 a
