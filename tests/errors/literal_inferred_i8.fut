-- An unsuffixed literal that its inferred type (i8, from the parameter) cannot hold.
-- ==
-- error: literal_inferred_i8\.fut:4:33: error: integer literal 200 out of bounds for its inferred type i8
def main (x: i8) : i8 = x + 1 + 200
