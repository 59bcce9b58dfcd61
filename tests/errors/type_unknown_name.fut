-- An unbound variable.
-- ==
-- error: type_unknown_name.fut:4:31: error: Unknown name "y"
def main (x: i32) : i32 = x + y
