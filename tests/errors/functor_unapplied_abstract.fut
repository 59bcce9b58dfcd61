-- In a parametric module's body an abstract type of its parameter is not its definition elsewhere.
-- ==
-- error: functor_unapplied_abstract\.fut:5:41: error: Function body does not have expected type: expected i32 but got P.t
module type has_t = { type t val v : t }
module F (P: has_t) = { def get : i32 = P.v }
def main (x: i32) = x
