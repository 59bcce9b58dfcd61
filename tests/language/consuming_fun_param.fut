-- A consuming function passed where the parameter's type consumes too.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [7i32, 2i32, 3i32] }

def apply_c (f: *[]i32 -> *[]i32) (xs: *[]i32) : *[]i32 = f xs
def set_first (xs: *[]i32) : *[]i32 = xs with [0] = 7

def main (xs: *[]i32) = apply_c set_first xs
