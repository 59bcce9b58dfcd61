-- A value spec with two type parameters is not met by a definition with one.
-- ==
-- error: modspec_val_polymorphic\.fut:5:1: error: the module.s value "both" has type a -> a -> \(a, a\), but its module type \(line 4\) declares "val both : a -> b -> \(a, b\)"
module type pairing = { val both 'a 'b : a -> b -> (a, b) }
module m : pairing = { def both 'a (x: a) (y: a) = (x, y) }
def main (x: i32) = x
