-- An unannotated function comparing its parameters would need an equality type parameter.
-- ==
-- error: eq_ambiguous\.fut:4:1: error: the type of "ne" is ambiguous
def ne x y = x != y
def main (a: i32) = a
