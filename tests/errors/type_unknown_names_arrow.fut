-- One unknown type keeps its name across a message: the operator's first parameter and its
-- result are the same unknown (a).
-- ==
-- error: type_unknown_names_arrow\.fut:5:38: error: Cannot apply "reduce" to argument 1: expected i32 -> i32 -> i32 but got \(a, b\) -.*
def main (xs: []i32) : i32 = reduce (\(a, b) c -> a) 0 xs
