-- An if without else inside a lambda.
-- ==
-- error: if_no_else_in_map\.fut:[0-9]+:[0-9]+: error:
entry main (xs: []i32) : []i32 =
  map (\x -> if x > 0 then x) xs
