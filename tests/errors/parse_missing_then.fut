-- `if` without `then`.
-- ==
-- error: parse_missing_then\.fut:5:14: error: Unexpected "else", expected 'then'
def main (x: i32) : i32 =
  if x > 0 x else 0
