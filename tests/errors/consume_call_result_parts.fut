-- The parts of a call's result that are not unique may share storage with each other: after
-- one is consumed the others cannot be used.
-- ==
-- error: consume_call_result_parts\.fut:10:14: error: Using "ys", which aliases the result of applying "halves", but this was consumed at 9:7
def halves (n: i64) : ([]i64, []i64) = let a = iota n in (a[0:n / 2], a[n / 2:])

def main (n: i64) : i64 =
  let (xs, ys) = halves n
  let xs[0] = 1
  in xs[0] + ys[0]
