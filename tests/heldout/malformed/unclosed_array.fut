-- An array literal that is never closed.
-- ==
-- error: unclosed_array\.fut:[0-9]+:[0-9]+: error:
entry main (x: i32) : []i32 =
  let xs = [x, 2, 3
  in xs
