-- End of file inside a record literal.
-- ==
-- error: parse_unclosed_record\.fut:4:33: error: Unexpected end of file, expected ',' or '\}'
def main (x: i32) : i32 = {a = x