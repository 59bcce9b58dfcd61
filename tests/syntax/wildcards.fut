-- Wildcard patterns.
-- ==
-- input { 1 2 } output { 2 }
def snd (_: i32) (y: i32) : i32 = y
def main (x: i32) (y: i32) : i32 = let (_, b) = (x, y) in snd b b
