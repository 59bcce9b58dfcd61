-- Applying an integer as if it were a function.
-- ==
-- error: apply_nonfunc\.fut:6:[0-9]+: error:
entry main (x: i32) : i32 =
  let k = 3
  in k x
