-- A partial application may not consume an existing array: the function it yields could be
-- called twice.  (A fresh array is fine: tests/language/uniqueness_allowed.fut.)
-- ==
-- error: consume_partial_application\.fut:9:15: error: Partial application of "set" consumes argument 1: the function it yields would contain a consumption of "xs"
def set (xs: *[]i64) (i: i64) : *[]i64 = xs with [i] = 0

def main (n: i64) : []i64 =
  let xs = iota n
  let f = set xs
  in f 0
