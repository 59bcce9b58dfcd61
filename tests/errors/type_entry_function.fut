-- An entry point may not take a function.
-- ==
-- error: type_entry_function.fut:4:13: error: Entry point functions may not be higher-order: 'main' takes a function as a para.*
entry main (f: i32 -> i32) (x: i32) : i32 = f x
