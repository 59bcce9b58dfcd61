-- A tuple pattern on elements that are not tuples.
-- ==
-- error: tuple_pattern\.fut:5:[0-9]+: error:
entry main (xs: []i32) : []i32 =
  map (\(a, b) -> a + b) xs
