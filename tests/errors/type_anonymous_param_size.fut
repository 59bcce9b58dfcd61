-- A type abbreviation cannot leave a function parameter's size anonymous: nothing would
-- determine it (write a size parameter: type^ pred [n] = [n]bool -> bool).
-- ==
-- error: type_anonymous_param_size\.fut:5:20: error: the type 'pred' has an anonymous size \(\[\]\) in a function parameter's type
type^ pred = (i64, []bool) -> bool

def main (x: i64) = x
