-- The body must have the declared return type.
-- ==
-- error: type_return_mismatch.fut:4:28: error: Function body does not have expected type: expected bool but got i32
def main (x: i32) : bool = x + 1
