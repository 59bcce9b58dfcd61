-- Literals in an array take the element type of the array's use.
-- ==
-- input { 10u64 } output { [11u64, 12u64, 13u64] }
def main (x: u64) : []u64 = map (+ x) [1, 2, 3]
