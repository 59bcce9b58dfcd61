-- loop ... for x in xs do, with a tuple loop parameter.
-- ==
-- input { [1, 2, 3, 4] } output { 10 24 }
def main (xs: []i32) : (i32, i32) = loop (s, p) = (0, 1) for x in xs do (s + x, p * x)
