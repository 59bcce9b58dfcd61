-- 128 does not fit in i8.
-- ==
-- error: parse_i8_out_of_range\.fut:4:29: error: integer literal 128i8 out of range for type i8
def main (x: i8) : i8 = x + 128i8
