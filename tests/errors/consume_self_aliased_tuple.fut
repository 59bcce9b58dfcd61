-- The same for two unique components of one tuple argument that share storage.
-- ==
-- error: consume_self_aliased_tuple\.fut:8:11: error: Argument is consumed and self-aliased: "a" reaches "both" through two consumed parts
def both (xs: *[]i64, ys: *[]i64) : i64 = xs[0] + ys[0]

def main (n: i64) : i64 =
  let a = iota n
  in both (a, a)
