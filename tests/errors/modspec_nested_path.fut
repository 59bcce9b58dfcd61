-- Errors in a module spec's module name the member by its path.
-- ==
-- error: modspec_nested_path\.fut:6:1: error: the module.s value "bar.x" has type i32, but its module type \(line 5\) declares "val x : bool"
module type mt = { module foo: { val x : i32 }
                   module bar: { val x : bool } }
module m : mt = { module foo = { def x : i32 = 1 } module bar = { def x : i32 = 2 } }
def main (x: i32) = x
