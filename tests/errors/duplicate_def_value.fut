-- One list of declarations defines a value once (no shadowing at the same level).
-- ==
-- error: duplicate_def_value\.fut:6:1: error: Duplicate definition of the value "twice": it is also defined at 5:1
module M = { def twice (x: i32) = 2 * x }
def twice (x: i32) = x + x
def twice (x: i32) = x * 2
def main (x: i32) = twice x + M.twice x
