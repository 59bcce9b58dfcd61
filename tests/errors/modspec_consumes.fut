-- A module spec's function that does not consume its argument is not met by one that does.
-- ==
-- error: modspec_consumes\.fut:5:1: error: the module.s value "zero_first" consumes its argument of type \*\[\]i32, but its module type \(line 4\) declares the parameter \[\]i32
module type mt = { val zero_first : []i32 -> []i32 }
module m : mt = { def zero_first (xs: *[]i32) = xs with [0] = 0 }
def main (x: i32) = x
