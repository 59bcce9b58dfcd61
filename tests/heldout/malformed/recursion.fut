-- Recursion is allowed (tests/language/recursion.fut), but a function used before its
-- definition needs types on all its parameters and its result.
-- ==
-- error: recursion\.fut:6:[0-9]+: error:
def is_even (x: i32) : bool =
  if x == 0 then true else is_odd (x - 1)

def is_odd x = if x == 0 then false else is_even (x - 1)

entry main (x: i32) : bool = is_even x
