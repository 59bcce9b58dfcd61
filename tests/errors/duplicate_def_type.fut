-- A module body defines a type once.
-- ==
-- error: duplicate_def_type\.fut:6:3: error: Duplicate definition of the type "t": it is also defined at 5:3
module M = {
  type t = i32
  type t = f32
}
def main (x: i32) = x
