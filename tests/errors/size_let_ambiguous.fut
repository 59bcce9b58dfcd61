-- A size binder the bound value's type does not give (an empty array's rows) is ambiguous.
-- ==
-- error: size_let_ambiguous\.fut:5:11: error: Ambiguous size "c": the type of the bound value has no size where the pattern has c
def main =
  let [r][c] (grid: [r][c]bool) = []
  in r + c
