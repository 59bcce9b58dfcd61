-- A loop whose body returns a different type than its parameter.
-- ==
-- error: loop_type_change\.fut:5:[0-9]+: error:
entry main (n: i32) : i32 =
  loop acc = 0 for i < n do acc > i
