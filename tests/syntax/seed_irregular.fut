-- Irregular nested parallelism from the flattening slides (seed 004): a jagged result.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [2i64, 7i64, 15i64] }
def main (arr: []i64) : []i64 =
  let rss = map (\i -> map (+(i+1)) (iota i)) arr
  in map (\rs -> reduce (+) 0 rs) rss
