-- An argument of the wrong type.
-- ==
-- error: type_arg_mismatch.fut:5:29: error: Cannot apply "f" to "y" \(argument 1\): expected i32 but got f64
def f (x: i32) : i32 = x
def main (y: f64) : i32 = f y
