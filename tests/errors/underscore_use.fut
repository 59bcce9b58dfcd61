-- A name prefixed with an underscore marks a binding as unused; using it is an error.
-- ==
-- error: underscore_use\.fut:6:6: error: "_y" may not be used
def main (x: i32) =
  let _y = x + 1
  in _y
