-- Too many arguments.
-- ==
-- error: type_too_many_args.fut:5:31: error: too many arguments: .f. takes 1
def f (x: i32) : i32 = x
def main (y: i32) : i32 = f y y
