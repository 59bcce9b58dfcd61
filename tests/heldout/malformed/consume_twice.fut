-- Using an array after it was consumed by an in-place update.
-- ==
-- error: consume_twice\.fut:6:[0-9]+: error:
entry main (a: *[]i32) : i32 =
  let b = a with [0] = 1
  in a[0] + b[0]
