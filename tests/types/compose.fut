-- Function composition and higher-order functions from the prelude.
-- ==
-- input { [1, 2, 3] } output { [4, 6, 8] }
def main (xs: []i32) : []i32 = map ((+ 1) >-> (* 2)) xs
