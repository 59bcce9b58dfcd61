-- In-place updates of a loop parameter initialised from a fresh array.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }
def main (n: i64) : []i64 =
  loop acc = replicate n 0 for i < n do acc with [i] = i * i
