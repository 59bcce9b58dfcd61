-- A return type mentioning a size that is not in scope.
-- ==
-- error: unknown_size\.fut:4:[0-9]+: error:
def f [n] (a: [n]i32) : [m]i32 = a

entry main (a: []i32) : []i32 = f a
