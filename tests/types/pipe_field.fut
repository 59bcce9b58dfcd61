-- Through |> the array is known before the lambda is checked.
-- ==
-- input { [1, 2, 3] } output { [2, 3, 4] }
def main (xs: []i32) : []i32 =
  map (\x -> {v = x + 1}) xs |> map (\r -> r.v)
