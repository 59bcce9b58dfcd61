-- ... so they cannot be returned as two unique arrays either.
-- ==
-- error: uniq_result_call_parts\.fut:7:3: error: Unique-typed component 0 of the result of "main" is aliased to some other component \(1\)
def pair (xs: []i32) = (xs, xs)

def main (xs: []i32) : (*[]i32, *[]i32) =
  pair (copy xs)
