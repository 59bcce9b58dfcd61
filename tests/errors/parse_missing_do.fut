-- A loop needs `do`.
-- ==
-- error: parse_missing_do\.fut:6:1: error: Unexpected end of file, expected 'do'
def main (n: i32) : i32 =
  loop acc = 0 for i < n acc + i
