-- A let binding with nothing after the equals sign.
-- ==
-- error: let_no_expr\.fut:5:[0-9]+: error:
entry main (x: i32) : i32 =
  let y = in y + x
