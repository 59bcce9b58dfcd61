-- Using an array after it was consumed by an in-place update.
-- ==
-- error: type_use_after_consume.fut:7:16: error: Using "xs", but this was consumed at 6:12
def main (n: i64) : []i32 =
  let xs = replicate n 0
  let ys = xs with [0] = 1
  in map (+ 1) xs
