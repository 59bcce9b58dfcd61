-- Adding an i32 and an i64 without conversion.
-- ==
-- error: mixed_ints\.fut:5:[0-9]+: error:
entry main (a: i32) (b: i64) : i64 =
  b + a
