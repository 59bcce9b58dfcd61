-- An operator section holds its operand, as a lambda would: what calling it returns may alias
-- that operand, so it is no fresh array for a unique result.
-- ==
-- error: section_aliases_operand\.fut:8:3: error: Unique-typed return value of "main" is aliased to "xs"
def pass 'a 'b (g: a -> b) (x: a) : b = g x

def main (xs: []i32) : *[]i32 =
  (`pass` xs) (\ys -> ys)
