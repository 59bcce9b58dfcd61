-- An entry point may not take a function.
-- ==
-- error: type_entry_function.fut:4:13: error: entry point .main. cannot take a function.*
entry main (f: i32 -> i32) (x: i32) : i32 = f x
