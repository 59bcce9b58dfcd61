-- Applying a parametric module that does not exist.
-- ==
-- error: module_unknown\.fut:4:12: error: unknown module 'F'
module M = F i32
def main (x: i32) : i32 = x
