-- Array elements must have the same type.
-- ==
-- error: type_array_elems.fut:4:27: error: array elements must have the same type:.*
def main : []i32 = [1, 2, true]
