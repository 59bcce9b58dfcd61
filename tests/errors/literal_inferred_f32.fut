-- A float literal beyond the largest f32 where the context makes it an f32.
-- ==
-- error: literal_inferred_f32\.fut:4:37: error: literal 5e\+38 out of bounds for its inferred type f32
def main (x: f32) : f32 = f32.min x 5e38
