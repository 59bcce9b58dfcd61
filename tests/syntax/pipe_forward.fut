-- |> applies its right operand to its left one, and associates to the left.
-- ==
-- input { [1, 2, 3] } output { 9 }
-- input { empty([0]i32) } output { 0 }
def main (xs: []i32) : i32 = xs |> map (+1) |> reduce (+) 0
