-- A lambda may not consume a variable bound outside it.
-- ==
-- error: type_consume_in_lambda.fut:6:17: error: cannot consume .xs. inside a function: it.*
def main (n: i64) : [][]i32 =
  let xs = replicate n 0
  in map (\i -> xs with [i] = 1) (iota n)
