-- A module spec is not met by a parametric module.
-- ==
-- error: modspec_parametric\.fut:5:1: error: the module.s "M" is a parametric module, but its module type \(line 4\) declares a module
module type mt = { module M: { val x : i32 } }
module m : mt = { module M (P: { val y : i32 }) = { def x = P.y } }
def main (x: i32) = x
