-- Too many indices for the array's rank.
-- ==
-- error: type_index_rank.fut:4:30: error: cannot index a value of type ..f32.*
def main (xs: []f32) : f32 = xs[0, 1]
