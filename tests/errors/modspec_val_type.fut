-- A module's value must have the type its module type declares.
-- ==
-- error: modspec_val_type\.fut:5:1: error: the module.s value "scale" has type f32 -> f32, but its module type \(line 4\) declares "val scale : i32 -> i32"
module type scaler = { val scale : i32 -> i32 }
module m : scaler = { def scale (x: f32) = x * 2 }
def main (x: i32) = x
