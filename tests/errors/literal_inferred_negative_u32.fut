-- A negative unsuffixed literal given an unsigned type by its context.
-- ==
-- error: literal_inferred_negative_u32\.fut:4:40: error: integer literal -3 out of bounds for its inferred type u32
def main (xs: []u32) = map (\x -> x * -3) xs
