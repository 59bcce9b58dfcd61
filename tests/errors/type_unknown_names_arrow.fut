-- One unknown type keeps its name across a message: the operator's first parameter and its
-- result are the same unknown (a).
-- ==
-- error: type_unknown_names_arrow\.fut:5:38: error: argument 1 of 'reduce': expected i32 -> i32 -> i32 but got \(a, b\) -> i32 -> a[[:space:]]
def main (xs: []i32) : i32 = reduce (\(a, b) c -> a) 0 xs
