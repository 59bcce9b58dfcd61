-- Unique (consumed) parameters and results: *[]t.
-- ==
-- input { [1, 2, 3] } output { [0, 2, 3] }
def zero_first (xs: *[]i32) : *[]i32 = xs with [0] = 0
def main (xs: []i32) : []i32 = zero_first (copy xs)
