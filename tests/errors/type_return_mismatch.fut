-- The body must have the declared return type.
-- ==
-- error: type_return_mismatch.fut:4:28: error: the function body: expected bool but got.*
def main (x: i32) : bool = x + 1
