-- The unique parts of a tuple result must not share storage with each other.
-- ==
-- error: uniq_result_components\.fut:6:6: error: Unique-typed component 0 of the result of "main" is aliased to some other component \(1\)
def main (n: i64) : (*[]i64, *[]i64) =
  let a = iota n
  in (a, a)
