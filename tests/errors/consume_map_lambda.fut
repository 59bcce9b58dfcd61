-- A lambda passed to map may not consume its parameter (map may not update its input).
-- ==
-- error: consume_map_lambda\.fut:5:8: error: Cannot apply "map" to argument 1: a consuming function
def main (a: *[][]i32) =
  map (\(r: *[]i32) -> r with [0] = 1) a
