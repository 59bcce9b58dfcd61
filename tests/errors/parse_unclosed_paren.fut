-- An unclosed parenthesis runs into the end of the file.
-- ==
-- error: parse_unclosed_paren\.fut:5:1: error: Unexpected end of file, expected '\)'
def main (x: i32) : i32 = (x + 1
