-- A decimal literal cannot be an integer.
-- ==
-- error: type_float_literal_int.fut:4:31: error: the operands of ... must have the.*
def main (x: i32) : i32 = x + 1.5
