-- A type the checker has not yet inferred prints as a type parameter a user would write (a,
-- b, ...), not as an internal variable ('t890).
-- ==
-- error: type_unknown_names\.fut:5:40: error: the bound value cannot match the pattern: expected \(a, b\) but got i32
def main (x: i32) : i32 = let (a, b) = x in a
