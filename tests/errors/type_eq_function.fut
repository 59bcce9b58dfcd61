-- Functions cannot be compared with ==.
-- ==
-- error: type_eq_function.fut:4:29: error: .==. cannot compare values of type i32.*
def main (x: i32) : bool = (\y -> y + 1) == (\y -> y + x)
