-- The condition of a while loop must be a bool.
-- ==
-- error: type_while_cond.fut:4:44: error: the condition of a .while. loop: expected.*
def main (n: i32) : i32 = loop x = 1 while x * 2 do x + n
