-- A segmented sum written as a scan over (flag, value) pairs.
-- ==
-- input { [true, false, false, true, false, true] [1, 2, 3, 4, 5, 6] }
-- output { [1, 3, 6, 4, 9, 6] }
-- input { [false, false] [1, 2] } output { [1, 3] }
def main (flags: []bool) (xs: []i32) : []i32 =
  let op (f1: bool, x1: i32) (f2: bool, x2: i32) = (f1 || f2, if f2 then x2 else x1 + x2)
  let (_, r) = unzip (scan op (false, 0) (zip flags xs))
  in r
