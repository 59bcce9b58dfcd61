-- A local function without type parameters is monomorphic: its uses share its inferred types.
-- ==
-- error: local_fun_monomorphic\.fut:6:39: error: Cannot apply "twice" to argument 2: expected i32 but got bool
def main (x: i32) =
  let twice f y = f (f y)
  in (twice (+ 1) x, twice (\b -> !b) true)
