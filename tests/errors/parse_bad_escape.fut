-- Unknown escape sequence in a string.
-- ==
-- error: parse_bad_escape\.fut:4:28: error: unknown escape sequence '\\q'
def main (x: i32) : []u8 = "a\qb"
