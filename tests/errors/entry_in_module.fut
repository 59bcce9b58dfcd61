-- An entry point is declared at the top level, not inside a module.
-- ==
-- error: entry_in_module\.fut:5:3: error: Entry points may only be declared at the top level
module m = {
  entry f (x: i32) = x + 1
}
entry main (x: i32) = m.f x
