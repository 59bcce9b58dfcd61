-- Consuming an alias consumes the original.
-- ==
-- error: type_use_after_consume_alias.fut:8:6: error: Using "xs", but this was consumed at 7:7
def main (n: i64) : i32 =
  let xs = replicate n 0
  let ys = xs
  let ys[0] = 1
  in xs[0]
