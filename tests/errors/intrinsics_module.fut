-- intrinsics is not a module a program may name.
-- ==
-- error: intrinsics_module\.fut:4:12: error: The .intrinsics. module may not be used in module expressions
module M = intrinsics
def main (x: i32) = x
