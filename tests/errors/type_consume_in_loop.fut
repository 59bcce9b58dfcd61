-- A loop body may not consume an array bound outside the loop.
-- ==
-- error: type_consume_in_loop.fut:7:22: error: Consuming variable "xs" inside a loop body, but it is bound outside the loop, so.*
def main (n: i64) : i64 =
  let xs = replicate n 0i64
  let s = loop s = 0 for i < n do
            let ys = xs with [i] = 1
            in s + ys[i]
  in s
