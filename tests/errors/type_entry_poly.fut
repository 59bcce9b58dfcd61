-- An entry point may not be polymorphic.
-- ==
-- error: type_entry_poly.fut:4:1: error: Entry point functions may not be polymorphic: 'main' has type t -> t
entry main 't (x: t) : t = x
