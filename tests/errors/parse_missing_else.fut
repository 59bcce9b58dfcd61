-- `if` without `else`.
-- ==
-- error: parse_missing_else\.fut:6:1: error: Unexpected end of file, expected 'else'
def main (x: i32) : i32 =
  if x > 0 then x
