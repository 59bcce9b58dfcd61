-- Both operands of an arithmetic operator have the same type.
-- ==
-- error: type_operand_mismatch.fut:4:40: error: the operands of ... must have the.*
def main (x: i32) (y: f32) : i32 = x * y
