-- An array may not hold functions (a literal of them).
-- ==
-- error: lift_array_of_functions\.fut:6:22: error: Cannot create array with elements of lifted type i32 -> i32: an array element may not be of function type
def inc (x: i32) : i32 = x + 1
def dbl (x: i32) : i32 = x * 2
def main (x: i32) = ([inc, dbl])[0] x
