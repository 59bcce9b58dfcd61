-- An argument a call consumes may not reach the call another way: here xs is consumed as
-- scatter's destination and read as its values.
-- ==
-- error: consume_self_aliased\.fut:6:11: error: Argument is consumed and self-aliased: "xs" reaches "scatter" through argument 3 too
def main (xs: *[]i64) : []i64 =
  scatter xs [0] xs
