-- A function that consumes its argument may not be passed where the parameter does not.
-- ==
-- error: consume_fun_arg\.fut:7:9: error: Cannot apply "twice" to "zero_first" \(argument 1\): a consuming function \(\*\[\]i32 -> i32\) may not be passed
def twice 'a 'b (f: a -> b) (x: a) = (f x, f x)
def zero_first (xs: *[]i32) = (xs with [0] = 0)[1]
def main (arr: *[]i32) =
  twice zero_first arr
