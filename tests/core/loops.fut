-- Core IR: for, for-in and while loops, in-place updates, slices and ranges.
-- ==
-- input { 5i64 }
-- output { [0i64, 2i64, 4i64, 6i64, 8i64] 16i64 16i32 [8i64, 6i64] [1i32, 3i32, 5i32] }
def main (n: i64) =
  let a = loop a = replicate n 0 for i < n do a with [i] = 2 * i
  let s = loop s = 0 for x in a[1:3] do s + x * 2 + 2
  let w = loop k = 1 while k < 10 do k * 2
  in (a, s, w, a[4:2:-1], map (\x -> x) (1..3..<7))
