-- The result of a match may not be a function.
-- ==
-- error: lift_match_function\.fut:6:23: error: the result of .match. may not be of function type
def inc (x: i32) : i32 = x + 1
def dbl (x: i32) : i32 = x * 2
def main (b: bool) = (match b case true -> inc case false -> dbl) 3
