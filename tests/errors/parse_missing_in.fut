-- A let followed by an expression needs `in`.
-- ==
-- error: parse_missing_in\.fut:6:3: error: Unexpected "if", expected 'in' or another 'let'
def main (x: i32) : i32 =
  let y = x + 1
  if y > 0 then y else 0
