-- Recursive functions that consume a unique array parameter and update it in place, one call
-- after another (tests/scripts/compiled_recursion.sh checks that the compiled updates copy
-- nothing), and a caller that keeps its own array: the callee then works on a copy.
-- ==
-- entry: evens
-- input { 5i64 } output { [0, 2, 4, 6, 8] }
-- input { 0i64 } output { empty([0]i32) }

-- ==
-- entry: reversed
-- input { [1, 2, 3, 4] } output { [1, 2, 3, 4] [4, 3, 2, 1] }
-- input { [7] } output { [7] [7] }

-- ==
-- entry: reversed_rows
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 2, 1], [6, 5, 4]] }

def fill (xs: *[]i32) (i: i64) : *[]i32 =
  if i == length xs then xs else fill (xs with [i] = i32.i64 i * 2) (i + 1)

-- the part lo..hi of xs reversed, in place
def rev_in (xs: *[]i32) (lo: i64) (hi: i64) : *[]i32 =
  if lo >= hi then xs
  else let a = xs[lo]
       let b = xs[hi]
       let xs[lo] = b
       let xs[hi] = a
       in rev_in xs (lo + 1) (hi - 1)

entry evens (n: i64) = fill (replicate n 0) 0
entry reversed (xs: []i32) = let ys = rev_in (copy xs) 0 (length xs - 1) in (xs, ys)
entry reversed_rows [m] (xss: [][m]i32) = map (\r -> rev_in (copy r) 0 (m - 1) :> [m]i32) xss
