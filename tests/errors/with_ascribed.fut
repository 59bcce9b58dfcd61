-- A module ascribed a refined module type must define the type as refined.
-- ==
-- error: with_ascribed\.fut:6:1: error: the module type requires "inner.t" to be bool \(line 6\), but the module.s is i32
module type has_t = { type t }
module type has_inner = { module inner: has_t }
module m : has_inner with inner.t = bool = { module inner = { type t = i32 } }
def main (x: i32) = x
