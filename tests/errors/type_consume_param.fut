-- Consuming a parameter whose type is not unique.
-- ==
-- error: type_consume_param.fut:5:7: error: Consuming "xs", a parameter whose type is not unique, so it is not consumable \(d.*
def main (xs: []i32) : []i32 =
  let xs[0] = 1
  in xs
