-- A loop that consumes its initial value owns that storage: the loop may not read the
-- original (or anything sharing its storage) any more.
-- ==
-- error: consume_loop_init_used\.fut:8:44: error: Using "ys" inside the loop, which aliases "xs", but this was consumed by the loop's initial value at 8:15
def main (n: i64) : []i64 =
  let xs = iota n
  let ys = xs
  in loop a = xs for i < n do a with [i] = ys[n - 1 - i]
