-- A recursive function with a function parameter calls itself with all its arguments.
-- ==
-- error: recursion_unsaturated\.fut:7:19: error: Recursive application of "iter" is not fully saturated: it gives 2 of its 3 arguments
def iter (f: i32 -> i32) (k: i32) (x: i32) : i32 =
  if k == 0
  then x
  else let step = iter f (k - 1)
       in step (f x)

def main (x: i32) = iter (+ 1) 3 x
