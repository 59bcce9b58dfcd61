-- The branches of an if must have the same type.
-- ==
-- error: type_if_branches.fut:4:54: error: the branches of .if. have different types:.*
def main (c: bool) (x: i32) : i32 = if c then x else true
