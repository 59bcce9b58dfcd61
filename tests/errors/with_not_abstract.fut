-- A refinement (with) may only refine an abstract type, with the same parameters.
-- ==
-- error: with_not_abstract\.fut:6:31: error: Cannot refine a type: "t" is not an abstract type
module type has_t = { type t }
module type has_t_i64 = has_t with t = i64
module type again = has_t_i64 with t = i64
def main (x: i32) = x
