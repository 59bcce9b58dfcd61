-- :> may change sizes, not element types.
-- ==
-- error: type_coerce_elem.fut:4:37: error: the size coercion: expected .n.f32 but got.*
def main [n] (xs: [n]i32) : []f32 = xs :> [n]f32
