-- A type spec's parameters must match the definition's.
-- ==
-- error: modspec_type_params\.fut:5:1: error: the module.s type "vec" has 0 type and 0 size parameter\(s\), but its module type \(line 4\) declares "type vec" with 1 and 0
module type container = { type vec 'a }
module m : container = { type vec = []i32 }
def main (x: i32) = x
