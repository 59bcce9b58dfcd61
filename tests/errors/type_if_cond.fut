-- The condition of an if must be a bool.
-- ==
-- error: type_if_cond.fut:4:30: error: the condition of .if.: expected bool but.*
def main (x: i32) : i32 = if x then 1 else 2
