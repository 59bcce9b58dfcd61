-- A match must cover every value of its scrutinee's type: the error shows one it misses.
-- ==
-- error: match_unmatched\.fut:6:3: error: Unmatched cases in match expression: #some false is not matched
type opt = #some bool | #none
def main (x: opt) : i32 =
  match x
  case #some true -> 1
  case #none -> 0
