-- A name may be bound once per parameter list.
-- ==
-- error: type_duplicate_param.fut:4:20: error: duplicate parameter .x.
def main (x: i32) (x: i32) : i32 = x
