-- Defining an operator of one's own (Futhark allows it) is reported as unsupported.
-- ==
-- error: parse_user_operator\.fut:4:6: error: unknown operator '<\+>' \(.*user-defined operators are not supported\)
def (<+>) (a: i32) (b: i32) : i32 = a + b
def main (x: i32) : i32 = x <+> x
