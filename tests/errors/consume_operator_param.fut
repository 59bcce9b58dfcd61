-- A parameter named as an operator is a variable like any other: once consumed, it is not used.
-- ==
-- error: consume_operator_param\.fut:6:15: error: Using "\+\+", but this was consumed at 5:11
def main ((++): *[]i32) =
  let _ = (++) with [0] = 0
  in (length ((++)), (++)[0])
