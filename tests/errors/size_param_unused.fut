-- A size parameter that no parameter's type mentions could never be known at a call: an
-- error where it is declared (here in an entry point, whose generated code would otherwise
-- leave it 0 while the interpreter bound it at the first coercion).
-- ==
-- error: size_param_unused\.fut:6:9: error: Entry point size parameter \[n\] is not the size of any parameter's array \(it is u.*
entry f [n] (a: []i32) : [n]i32 = a :> [n]i32
