-- Consuming a parameter whose type is not unique.
-- ==
-- error: type_consume_param.fut:5:7: error: Consuming "xs", which is not consumable: it is a parameter whose type is not unique.*
def main (xs: []i32) : []i32 =
  let xs[0] = 1
  in xs
