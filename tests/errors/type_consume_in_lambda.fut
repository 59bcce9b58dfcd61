-- A lambda may not consume a variable bound outside it.
-- ==
-- error: type_consume_in_lambda.fut:6:17: error: Consuming variable "xs" inside a function, but it is bound outside it, so it is .*
def main (n: i64) : [][]i32 =
  let xs = replicate n 0
  in map (\i -> xs with [i] = 1) (iota n)
