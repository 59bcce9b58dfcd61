-- Core IR: every SOAC the internaliser produces (screma map/reduce/scan, filter, partition,
-- scatter, hist).  tests/scripts/core_roundtrip.sh internalises, verifies and round-trips it.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32] }
-- output { 14i32 [3i32, 4i32, 8i32, 9i32, 14i32] [4i32, 5i32] [3i32, 1i32, 1i32] [0i32, 2i32, 0i32, 1i32, 1i32, 1i32] [5i32, 0i32, 0i32, 3i32] }
def main (xs: []i32) =
  let s = reduce (+) 0 xs
  let ps = scan (+) 0 xs
  let big = filter (> 3) xs
  let (_, small) = partition (> 3) xs
  let h = hist (+) 0 6 (map i64.i32 xs) (replicate (length xs) 1)
  let sc = scatter (replicate 4 0) [3, 0] [3, 5]
  in (s, ps, big, small, h, sc)
