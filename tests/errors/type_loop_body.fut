-- The loop body must have the type of the loop parameter.
-- ==
-- error: type_loop_body.fut:5:29: error: the loop body has type f64 but.*
def main (n: i32) : i32 =
  loop acc = 0 for i < n do f64.i32 acc
