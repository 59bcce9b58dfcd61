-- A variable put in an array cannot be used as a function afterwards.
-- ==
-- error: lift_inferred_function\.fut:4:20: error: .x. has type .* and cannot be applied: an array element may not be of function type
def pair x = ([x], x 1i32)
def main (y: i32) = y
