-- The same for a local function.
-- ==
-- error: consume_captured_letfun\.fut:7:14: error: Using "get", which aliases "xs", but this was consumed at 6:7
def main (xs: *[]i64) : i64 =
  let get (j: i64) = xs[j]
  let xs[0] = 5
  in xs[0] + get 1
