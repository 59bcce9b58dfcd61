-- Indices are integers of any type (as in Futhark), but not floats.
-- ==
-- error: type_index_type.fut:4:42: error: an index must be an integer, but this has type f32
def main (xs: []f32) (i: f32) : f32 = xs[i]
