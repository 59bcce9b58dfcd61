-- A function value keeps the arrays it refers to: after one of them is consumed the
-- function cannot be used.
-- ==
-- error: consume_captured\.fut:8:6: error: Using "get", which aliases "xs", but this was consumed at 7:7
def main (i: i64, xs: *[]i64) : i64 =
  let get = \(j: i64) -> xs[j] + i
  let xs[0] = 5
  in get 1
