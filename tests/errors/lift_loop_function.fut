-- A loop parameter may not be a function.
-- ==
-- error: lift_loop_function\.fut:5:11: error: a loop parameter may not be of function type
def main (n: i32) =
  let f = loop g = (\(x: i32) -> x) for _i < n do (\x -> g x + 1)
  in f 0
