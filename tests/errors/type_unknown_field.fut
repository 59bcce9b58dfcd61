-- Projecting a field the record does not have.
-- ==
-- error: type_unknown_field.fut:6:6: error: type .a: i32, b: bool. has no.*
def main (x: i32) : i32 =
  let r = {a = x, b = true}
  in r.c
