-- Modules are not supported.
-- ==
-- error: parse_module\.fut:4:1: error: modules and imports are not supported
module M = { def x = 1 }
def main (x: i32) : i32 = x
