-- An error inside a prelude function (head of an empty array) is reported at the user's call.
-- ==
-- input { empty([0]i32) } error: run_prelude_error\.fut:5:11: Error: Index \[0\] out of bounds
def main (xs: []i32) : i32 =
  let y = head xs
  in y
