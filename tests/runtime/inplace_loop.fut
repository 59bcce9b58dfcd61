-- In-place updates in a loop (linear time when the array is unique), and `let a[i] = v`.
-- ==
-- input { 6i64 } output { [0i64, 1i64, 4i64, 9i64, 16i64, 25i64] [0i64, 0i64, 1i64, 2i64, 3i64, 4i64] }
def main (n: i64) : ([]i64, []i64) =
  let sq = loop a = replicate n 0 for i < n do a with [i] = i * i
  let sh = loop b = replicate n 0 for i < n - 1 do
             let b[i + 1] = i
             in b
  in (sq, sh)
