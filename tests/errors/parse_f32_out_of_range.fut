-- 1e39 does not fit in f32.
-- ==
-- error: parse_f32_out_of_range\.fut:4:31: error: float literal 1e39f32 out of range for type f32
def main (x: f32) : f32 = x + 1e39f32
