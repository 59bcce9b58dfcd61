-- Line of sight: a point is visible when its slope from the observer exceeds every
-- earlier slope (exclusive max-scan).
-- ==
-- input { 10.0f32 [11.0f32, 13.0f32, 12.0f32, 20.0f32, 15.0f32, 30.0f32] }
-- output { [true, true, false, true, false, true] }
-- input { 0.0f32 [-1.0f32, -3.0f32, 5.0f32, 5.0f32] }
-- output { [true, false, true, false] }

-- ==
-- entry: visible_count
-- input { 10.0f32 [11.0f32, 13.0f32, 12.0f32, 20.0f32, 15.0f32, 30.0f32] }
-- output { 4i64 }
-- input { 1.0f32 empty([0]f32) }
-- output { 0i64 }

def main [n] (h0: f32) (alts: [n]f32) : [n]bool =
  let angles = map2 (\a i -> (a - h0) / f32.i64 (i + 1)) alts (iota n)
  let inc = scan f32.max (-f32.inf) angles
  in map2 (\a i -> a > (if i == 0 then -f32.inf else inc[i-1])) angles (iota n)

entry visible_count [n] (h0: f32) (alts: [n]f32) : i64 =
  main h0 alts |> map i64.bool |> i64.sum
