-- Application binds tighter than any operator.
-- ==
-- input { 3 } output { 10 }
def f (x: i32) : i32 = x * 2
def main (x: i32) : i32 = f x + f 2 - f 0
