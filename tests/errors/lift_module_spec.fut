-- A module may not define a type more lifted than its module type declares.
-- ==
-- error: lift_module_spec\.fut:5:37: error: the module.s type "t" is lifted \(type\^: it may contain functions\), but its module type \(line 4\) declares it non-lifted \(type\)
module type has_t = { type t }
module m = { type^ t = i32 -> i32 } : has_t
def main (x: i32) = x
