-- A refinement gives the type as many parameters as its spec has.
-- ==
-- error: with_params\.fut:5:31: error: Cannot refine a type: "t" is declared \(line 4\) with other parameters
module type has_t = { type t 'a }
module type has_t_i32 = has_t with t = i32
def main (x: i32) = x
