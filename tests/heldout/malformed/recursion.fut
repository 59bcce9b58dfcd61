-- Recursive functions are not allowed.
-- ==
-- error: recursion\.fut:5:[0-9]+: error:
def fact (x: i32) : i32 =
  if x == 0 then 1 else x * fact (x - 1)

entry main (x: i32) : i32 = fact x
