-- The component of a loop's initial tuple whose parameter the body updates in place is consumed.
-- ==
-- error: type_loop_init_part_consumed.fut:8:11: error: Using "ys", but this was consumed at 6:32
def main (n: i64) : ([]i64, []i64) =
  let ys = replicate n 0
  let (ps, v) = loop (ps, v) = (ys, iota n) for i < n do (ps with [i] = v[i], v)
  let zs = map (+ 1) ps
  in (zs, ys)
