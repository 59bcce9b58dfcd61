-- Passing a tuple to a parameter whose component is unique consumes that component (and
-- everything sharing its storage).
-- ==
-- error: consume_tuple_param\.fut:11:6: error: Using "b", which aliases "a", but this was consumed at 10:15
def set (arr: *[]i64, i: i64) : *[]i64 = arr with [i] = 7

def main (n: i64) : i64 =
  let a = iota n
  let b = a
  let c = set (a, 0)
  in b[1] + c[0]
