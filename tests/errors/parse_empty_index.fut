-- An index needs an expression.
-- ==
-- error: parse_empty_index\.fut:4:33: error: Unexpected "\]", expected an expression
def main (xs: []i32) : i32 = xs[]
