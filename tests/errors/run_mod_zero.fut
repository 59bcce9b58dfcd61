-- Integer modulo by zero (also %% and //) is a run-time error.
-- ==
-- input { 7u8 0u8 } error: run_mod_zero\.fut:4:34: Error: division by zero
def main (a: u8) (b: u8) : u8 = (a %% b) + (a // b)
