-- An integer literal beyond 64 bits.
-- ==
-- error: parse_int_too_large\.fut:4:31: error: integer literal too large
def main (x: u64) : u64 = x + 99999999999999999999
