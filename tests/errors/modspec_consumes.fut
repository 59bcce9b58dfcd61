-- A module spec's function that does not consume its argument is not met by one that does.
-- ==
-- error: modspec_consumes\.fut:5:1: error: the module.s value "zero_first" consumes its argument of type \*\[n\]i32, but its module type \(line 4\) declares the parameter \[n\]i32
module type mt = { val zero_first [n] : [n]i32 -> [n]i32 }
module m : mt = { def zero_first [n] (xs: *[n]i32) : *[n]i32 = xs with [0] = 0 }
def main (x: i32) = x
