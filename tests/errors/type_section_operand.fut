-- The operand of a section must fit the operator.
-- ==
-- error: type_section_operand.fut:4:39: error: ... works on numbers, but the right.*
def main (xs: []f32) : []f32 = map (+ true) xs
