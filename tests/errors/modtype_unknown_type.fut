-- A module type's specs may only name types in scope (its own earlier ones included).
-- ==
-- error: modtype_unknown_type\.fut:6:13: error: Unknown type "a"
module type abc = {
  type x 'a
  val y : x a
}
def main (x: i32) = x
