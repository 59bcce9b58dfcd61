-- A let must bind whatever the value is: a pattern with one of several constructors is refutable.
-- ==
-- error: match_refutable_let\.fut:7:7: error: Refutable pattern: a value such as #b _ does not match it
type t = #a i32 | #b i32
def main (x: i32) : i32 =
  let v : t = #a x
  let #a y = v
  in y
