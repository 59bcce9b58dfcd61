-- A type parameter declared without ^ may not stand for a function type.
-- ==
-- error: lift_param_instantiated\.fut:6:28: error: .*the type parameter .a of "twice_pair", which is not lifted.*may not be of function type
def twice_pair 'a (x: a) : (a, a) = (x, x)
def main (y: i32) =
  let (f, _) = twice_pair (\(x: i32) -> x + y)
  in f 1
