-- Core IR: a jagged array ([n][]i64) from a map whose inner size varies, reduced per row and
-- flattened.
-- ==
-- input { [1i64, 3i64, 2i64] }
-- output { [0i64, 3i64, 1i64] [0i64, 0i64, 1i64, 2i64, 0i64, 1i64] }
def main (ns: []i64) =
  let rows = map (\n -> iota n) ns
  in (map (\r -> reduce (+) 0 r) rows, flatten rows)
