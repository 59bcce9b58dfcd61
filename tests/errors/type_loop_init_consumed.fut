-- A loop that updates its parameter in place consumes the initial value.
-- ==
-- error: type_loop_init_consumed.fut:7:15: error: Using "xs", but this was consumed at 6:23
def main (n: i64) : []i64 =
  let xs = replicate n 0
  let ys = loop acc = xs for i < n do acc with [i] = i
  in map2 (+) xs ys
