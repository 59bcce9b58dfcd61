-- i7 is not a type.
-- ==
-- error: parse_bad_suffix\.fut:4:31: error: invalid suffix 'i7' on numeric literal
def main (x: i32) : i32 = x + 1i7
