-- Two parameters of one type abbreviation cannot have the same name.
-- ==
-- error: type_param_duplicate\.fut:4:16: error: the parameter 'k' of type 'table' repeats a name bound previously, at line 4
type table [k] 'k = [k]i32
def main (xs: table [2] i32) = xs
