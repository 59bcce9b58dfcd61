-- A parametric module never applied is still checked, its parameter's types abstract.
-- ==
-- error: functor_unapplied_missing\.fut:4:51: error: the module does not define .y., which its module type \(line 4\) requires
module F (S: { val x : i32 }) : { val y : i32 } = { def z : i32 = S.x }
def main (x: i32) = x
