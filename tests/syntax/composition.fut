-- Function composition >-> and <-<.
-- ==
-- input { 3 } output { 8 7 }
def inc (x: i32) : i32 = x + 1
def dbl (x: i32) : i32 = x * 2
def main (x: i32) : (i32, i32) = ((inc >-> dbl) x, (inc <-< dbl) x)
