-- A lambda whose declared result type is unique may not return an alias of a parameter.
-- ==
-- error: uniq_lambda_result\.fut:5:32: error: Unique-typed return value of a lambda is aliased to "r"
def main (xss: [][]i32) : [][]i32 =
  map (\(r: []i32) : *[]i32 -> r[0:1]) xss
