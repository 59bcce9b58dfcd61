-- A recursive call passes its function argument on unchanged (here it composes a new one).
-- ==
-- error: recursion_changed_fun_arg\.fut:7:22: error: The higher-order argument 2 of the recursive call of "nest" must be passed unchanged: the parameter "f" itself
def nest (k: i32) (f: i32 -> i32) (x: i32) : i32 =
  if k == 0
  then f x
  else nest (k - 1) (f >-> f) x

def main (x: i32) = nest 2 (* 2) x
