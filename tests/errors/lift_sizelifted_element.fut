-- A size-lifted type parameter may not be an array element.
-- ==
-- error: lift_sizelifted_element\.fut:4:51: error: Cannot create array with elements of lifted type b: an array element may not be of the size-lifted type parameter .~b
def both 'a '~b (f: i64 -> a -> b) (x: a) : []b = [f 0 x, f 1 x]
def main (x: i32) = length (both (\_ y -> y) x)
