-- The result of calling a function parameter may alias what the function refers to, so it
-- is the parameter's and cannot be updated in place.
-- ==
-- error: consume_function_result\.fut:7:7: error: Consuming "f", which is not consumable: it is a parameter whose type is not unique
def twice (f: i64 -> []i64) (n: i64) : i64 =
  let xs = f n
  let xs[0] = 1
  in xs[0] + n

def main (n: i64) : i64 = twice iota n
