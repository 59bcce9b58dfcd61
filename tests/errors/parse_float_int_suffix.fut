-- A float literal cannot have an integer suffix.
-- ==
-- error: parse_float_int_suffix\.fut:4:31: error: float literal with integer suffix 'i32'
def main (x: i32) : i32 = x + 1.5i32
