-- Neither size of unflatten is fixed by anything in the definition (one alone would follow
-- from the argument's length): ambiguous, an error at the call.
-- ==
-- error: size_ambiguous_unflatten\.fut:6:3: error: Ambiguous size: the size \[n\] of 'unflatten' \(an instantiated size parameter of "unflatten"\) cannot be inferred here
def main (ys: []i32) =
  unflatten ys
