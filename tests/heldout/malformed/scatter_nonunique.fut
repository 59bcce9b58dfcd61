-- scatter into a parameter that is not unique.
-- ==
-- error: scatter_nonunique\.fut:5:[0-9]+: error:
entry main (a: []i32) : []i32 =
  scatter a [0] [1]
