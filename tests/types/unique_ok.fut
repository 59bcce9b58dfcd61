-- Uniqueness that is fine: updating a copy, a unique parameter, and a fresh array.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [9, 2, 3] [0, 5] }
def set0 (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v
def main (xs: []i32) : ([]i32, []i32, []i32) =
  let ys = set0 (copy xs) 9
  let zs = replicate 2 0
  let zs[1] = 5
  in (xs, ys, zs)
