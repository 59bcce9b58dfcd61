-- Entry point whose body does not match its return type.
-- ==
-- error: ret_mismatch\.fut:4:[0-9]+: error:
entry main (x: i32) : bool = x + 1
