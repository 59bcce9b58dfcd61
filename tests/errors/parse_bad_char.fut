-- A character that is not part of the syntax.
-- ==
-- error: parse_bad_char\.fut:4:29: error: unexpected character '\$'
def main (x: i32) : i32 = x $ 1
