-- Record fields of a parameter's record type must exist.
-- ==
-- error: type_field_unknown_type.fut:4:48: error: type .a: i32. has no field .b.
def main (xs: []{a: i32}) : []i32 = map (\r -> r.b) xs
