-- A string literal must end on its line.
-- ==
-- error: parse_unterminated_string\.fut:4:28: error: unterminated string literal
def main (x: i32) : []u8 = "abc
