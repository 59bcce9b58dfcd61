-- A lifted type parameter may not be the type of an if, even where a use is not a function.
-- ==
-- error: lift_lifted_param_branch\.fut:4:46: error: the result of .if. may not be of the lifted type parameter .\^a
def choose '^a (b: bool) (x: a) (y: a) : a = if b then x else y
def main (b: bool) = choose b 1i32 2
