-- A local function used on arrays of different sizes (its size is generalised).
-- ==
-- input { } output { 3 6 }
def main : (i32, i32) =
  let sum xs = reduce (+) 0 xs
  in (sum [1, 2], sum [1, 2, 3])
