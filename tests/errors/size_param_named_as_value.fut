-- A size parameter and a value parameter may not share a name.
-- ==
-- error: size_param_named_as_value\.fut:4:7: error: the size parameter \[k\] has the name of a value: "k" is also bound at 4:12
def f [k] (k: [k]i64) : i64 = k[0]
def main (x: i64) = x
