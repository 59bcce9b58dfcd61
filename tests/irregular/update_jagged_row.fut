-- Replacing a row of a jagged array by a row of another length.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [[0i64], [7i64, 7i64, 7i64, 7i64, 7i64], [0i64, 1i64, 2i64]] }
def main (ns: []i64) : [][]i64 =
  let j = map iota ns
  in j with [1] = replicate 5 7
