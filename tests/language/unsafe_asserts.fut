-- #[unsafe] before an expression drops the assertions written inside it (in nested lets,
-- lambdas and branches), as Futhark does; an assertion outside it is still checked.
-- ==
-- input { 3 [1, -2, 5] } output { 1 [2, -1, 6] }
-- input { 4 [1, 2] } output { 2 [2, 3] }
-- input { -1 [1] } error: Assertion is false: x >= 0

def half (x: i32) = #[unsafe] (let h = assert (x % 2 == 0) (x / 2) in h)

def main (x: i32) (xs: []i32) =
  let ys = #[unsafe] map (\y -> if y > 0 then assert (y > 1) (y + 1) else assert false (y + 1)) xs
  in (assert (x >= 0) (half x), ys)
