-- An unknown type name.
-- ==
-- error: type_unknown_type.fut:4:14: error: Unknown type "vec3"
def main (x: vec3) : i32 = 0
