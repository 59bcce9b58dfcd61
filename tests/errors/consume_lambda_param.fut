-- A lambda's parameter is unique only where its type is declared so (as a function's).
-- ==
-- error: consume_lambda_param\.fut:5:17: error: Consuming "r", which is not consumable: it is a parameter whose type is not unique
def main (n: i64) : [][]i64 =
  map2 (\k r -> r with [0] = k) (iota n) (map (\i -> iota i) (iota n))
