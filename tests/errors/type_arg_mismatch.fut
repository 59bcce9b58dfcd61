-- An argument of the wrong type.
-- ==
-- error: type_arg_mismatch.fut:5:29: error: argument 1 of .f.: expected i32 but.*
def f (x: i32) : i32 = x
def main (y: f64) : i32 = f y
