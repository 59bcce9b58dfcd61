-- The value an in-place update writes may not share storage with the array it updates: a row of
-- the array itself must be copied first (Futhark's rule).
-- ==
-- error: update_aliases_target\.fut:6:14: error: The value of this in-place update aliases "m", which the update consumes
def main (m: *[][]i32) (i: i64) =
  let m[i] = m[i - 1]
  in m
