-- 256 does not fit in u8.
-- ==
-- error: parse_u8_out_of_range\.fut:4:29: error: integer literal 256u8 out of range for type u8
def main (x: u8) : u8 = x + 256u8
