-- An operator that does not exist.
-- ==
-- error: parse_unknown_operator\.fut:4:29: error: unknown operator '\+\*'
def main (x: i32) : i32 = x +* 1
