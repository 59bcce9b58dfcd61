-- A polymorphic higher-order function with a tuple accumulator.
-- ==
-- input { [3, 1, 2] } output { 1 3 }
def minmax (xs: []i32) : (i32, i32) =
  reduce (\(a, b) (c, d) -> (i32.min a c, i32.max b d)) (i32.highest, i32.lowest) (map (\x -> (x, x)) xs)
def main (xs: []i32) = minmax xs
