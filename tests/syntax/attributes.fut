-- Attributes on declarations and expressions are accepted.
-- ==
-- input { [5, 6] } output { 5 11 }
#[inline]
def first (xs: []i32) : i32 = #[unsafe] xs[0]
def main (xs: []i32) : (i32, i32) =
  (first xs, #[sequential] reduce (+) 0 xs)
