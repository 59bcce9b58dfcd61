-- An unannotated function comparing its parameters would need an equality type parameter.
-- ==
-- error: eq_ambiguous\.fut:5:3: error: the type of "ne" is ambiguous
def main (a: i32) =
  let ne x y = x != y
  in ne a 1
