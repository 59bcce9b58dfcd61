-- The branches of an if may not be functions (nor tuples holding one).
-- ==
-- error: lift_if_function\.fut:6:23: error: the result of .if. may not be of function type \("i32 -> i32" is functional\)
def inc (x: i32) : i32 = x + 1
def dbl (x: i32) : i32 = x * 2
def main (b: bool) = (if b then (1, inc) else (2, dbl)).1 3
