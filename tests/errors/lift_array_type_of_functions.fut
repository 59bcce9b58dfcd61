-- An array type may not have a function element type.
-- ==
-- error: lift_array_type_of_functions\.fut:4:22: error: Cannot create array with elements of lifted type i32 -> i32
def apply_first (fs: [](i32 -> i32)) (x: i32) = fs[0] x
def main (x: i32) = x
