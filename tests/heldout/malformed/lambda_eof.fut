-- A lambda cut off at the end of the file.
-- ==
-- error: lambda_eof\.fut:[0-9]+:[0-9]+: error:
entry main (xs: []i32) : []i32 =
  map (\x ->
