-- A spec that defines a type (type s = t) must agree with the module's definition.
-- ==
-- error: modspec_type_def\.fut:5:1: error: the module.s type "s" is i32, but its module type \(line 4\) declares it f32
module type two = { type t type s = t }
module m : two = { type t = f32 type s = i32 }
def main (x: i32) = x
