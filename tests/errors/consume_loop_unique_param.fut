-- A loop parameter declared unique consumes its initial value, which must be consumable.
-- ==
-- error: consume_loop_unique_param\.fut:5:24: error: Consuming "xs", which is not consumable: it is a parameter whose type is not unique
def main (xs: []i32) : []i32 =
  loop (acc: *[]i32) = xs for i < 3 do acc with [i] = 0
