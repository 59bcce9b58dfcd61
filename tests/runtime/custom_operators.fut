-- reduce and scan with tuple-valued operators: arg-max and a running (sum, count).
-- ==
-- input { [3, 9, 2, 9, 4] } output { 9 1i64 [3, 12, 14, 23, 27] [1, 2, 3, 4, 5] }
def main (xs: []i32) : (i32, i64, []i32, []i32) =
  let argmax (a, i) (b, j) = if b > a || (b == a && j < i) then (b, j) else (a, i)
  let (m, i) = reduce argmax (i32.lowest, -1) (zip xs (indices xs))
  let (sums, counts) = unzip (scan (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) (map (\x -> (x, 1)) xs))
  in (m, i, sums, counts)
