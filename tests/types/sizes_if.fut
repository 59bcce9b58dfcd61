-- Branches of an if may return arrays of different (constant) sizes.
-- ==
-- input { true } output { [1, 2] }
-- input { false } output { [1, 2, 3] }
def main (c: bool) : []i32 = if c then [1, 2] else [1, 2, 3]
