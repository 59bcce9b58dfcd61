-- ++ needs arrays of the same element type.
-- ==
-- error: type_concat_elem.fut:4:50: error: the operands of .... must have the.*
def main (xs: []i32) (ys: []f32) : []i32 = xs ++ ys
