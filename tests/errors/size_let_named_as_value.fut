-- The binder of a let [n] may not also be a name its pattern binds.
-- ==
-- error: size_let_named_as_value\.fut:5:8: error: the size parameter \[n\] has the name of a value
def main (xs: []i32) =
  let [n] (n: [n]i32) = xs
  in n
