-- reduce over tuples: index of the maximum (first one on ties).
-- ==
-- input { [3, 9, 1, 9, 4] } output { 9 1i64 }
-- input { [-5] } output { -5 0i64 }
def main (xs: []i32) : (i32, i64) =
  let op (x: i32, i: i64) (y: i32, j: i64) =
    if x > y || (x == y && i < j) then (x, i) else (y, j)
  in reduce op (i32.lowest, -1) (zip xs (indices xs))
