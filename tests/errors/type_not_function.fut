-- Applying a value that is not a function.
-- ==
-- error: type_not_function.fut:4:49: error: .g. is not a function; it has.*
def main (x: i32) (y: i32) : i32 = let g = x in g y
