-- A constructor pattern takes as many arguments as the constructor's payload.
-- ==
-- error: match_arity\.fut:7:8: error: the pattern and the type #foo f64 differ in arity at constructor #foo
type t = #foo f64
def main (x: f64) : bool =
  match (#foo x : t)
  case #foo -> true
