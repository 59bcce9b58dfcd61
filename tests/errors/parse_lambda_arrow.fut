-- A lambda needs `->`.
-- ==
-- error: parse_lambda_arrow\.fut:4:40: error: Unexpected "=", expected a parameter or '->'
def main (xs: []i32) : []i32 = map (\x = x + 1) xs
