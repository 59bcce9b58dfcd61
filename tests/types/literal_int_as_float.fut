-- An integer literal may be a float when the context says so (not the other way round).
-- ==
-- input { [1.5f64, 2.5f64] } output { 5.0f64 }
def main (xs: []f64) : f64 = reduce (+) 0 xs + 1
