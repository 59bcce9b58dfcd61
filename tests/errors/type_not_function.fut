-- Applying a value that is not a function.
-- ==
-- error: type_not_function.fut:4:49: error: Cannot apply "g" as function: it has type i32
def main (x: i32) (y: i32) : i32 = let g = x in g y
