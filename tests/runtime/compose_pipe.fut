-- Pipes and function composition.
-- ==
-- input { [1, 2, 3] } output { 12 [4, 6, 8] [3, 5, 7] }
def main (xs: []i32) : (i32, []i32, []i32) =
  let f = (+ 1) >-> (* 2)
  let g = (+ 1) <-< (* 2)
  in (xs |> map (* 2) |> reduce (+) 0, map f xs, map g xs)
