-- A point-free definition declared non-consuming may not be a consuming function.
-- ==
-- error: consume_point_free\.fut:5:29: error: Function body does not have expected type \[\]i32 -> i32: it is a consuming function
def first (xs: *[]i32) : i32 = (xs with [0] = 1)[1]
entry main : []i32 -> i32 = first
