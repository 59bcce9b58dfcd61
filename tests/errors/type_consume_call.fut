-- Passing an array to a unique parameter consumes it.
-- ==
-- error: type_consume_call.fut:8:6: error: Using "xs", but this was consumed at 7:16
def set (xs: *[]i32) : *[]i32 = xs with [0] = 1
def main (n: i64) : i32 =
  let xs = replicate n 0
  let ys = set xs
  in xs[0] + ys[0]
