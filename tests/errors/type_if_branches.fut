-- The branches of an if must have the same type.
-- ==
-- error: type_if_branches.fut:4:54: error: Cannot unify the types of the branches of 'if': i32 and bool
def main (c: bool) (x: i32) : i32 = if c then x else true
