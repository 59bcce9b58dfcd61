-- Unary minus needs a number.
-- ==
-- error: type_neg_bool.fut:4:30: error: unary .-. needs a number, but this.*
def main (b: bool) : bool = -b
