-- Boolean literals and operators.
-- ==
-- input { true } output { true false }
-- input { false } output { false false }
def main (b: bool) : (bool, bool) = (b && !false, b && false || !true)
