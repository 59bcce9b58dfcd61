-- A size binder of `let` must name a size of the pattern's type.
-- ==
-- error: size_let_unused\.fut:5:8: error: Size \[k\] unused in the pattern: no type in it has the size k
def main (xs: []f64) =
  let [k] pos = filter (> 0) xs
  in (k, pos)
