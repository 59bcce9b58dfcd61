-- A size parameter of a type abbreviation must be a size of the type: nothing could give it.
-- ==
-- error: size_type_param_unused\.fut:4:12: error: Size parameter "\[w\]" of type 'pixel' is unused
type pixel [w] = (u8, u8, u8)
def main (x: u8) : pixel [3] = (x, x, x)
