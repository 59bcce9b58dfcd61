-- An entry point may not be polymorphic.
-- ==
-- error: type_entry_poly.fut:4:1: error: entry point .main. cannot be polymorphic; its.*
entry main 't (x: t) : t = x
