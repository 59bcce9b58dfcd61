-- Irregular nested arrays: map (\i -> iota i) has type [n][]i64.
-- ==
-- input { [1i64, 3i64, 2i64] } output { [1i64, 6i64, 3i64] }
def main [n] (ns: [n]i64) : [n]i64 =
  let jag : [n][]i64 = map (\i -> iota i) ns
  in map (\r -> reduce (+) 0 r + length r) jag
