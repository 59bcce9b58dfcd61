-- Only a parametric module can be applied.
-- ==
-- error: module_not_parametric\.fut:5:12: error: this module is not a parametric module and cannot be applied
module A = { def x = 1i32 }
module B = A i32
def main (x: i32) : i32 = x + B.x
