-- A literal beyond the largest f16 (65504) where the context makes it an f16.
-- ==
-- error: literal_inferred_f16\.fut:4:31: error: literal 70000 out of bounds for its inferred type f16
def main (x: f16) : f16 = x + 70000.0
