-- Indices are i64.
-- ==
-- error: type_index_type.fut:4:42: error: an index: expected i64 but got i32
def main (xs: []f32) (i: i32) : f32 = xs[i]
