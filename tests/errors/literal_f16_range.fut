-- A literal with the f16 suffix beyond the largest f16 (65504).
-- ==
-- error: literal_f16_range\.fut:4:31: error: float literal 70000f16 out of range for type f16
def main (x: f16) : f16 = x + 70000f16
