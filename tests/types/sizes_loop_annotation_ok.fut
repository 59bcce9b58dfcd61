-- Loop parameters with written sizes: a size the loop's own pattern names may change from one
-- iteration to the next ((k, xs: [k]t)); an outer size stays; no annotation, no constraint.
-- ==
-- input { [1i32, 2i32] } output { 8i64 [3i32, 6i32] [1i32, 2i32, 1i32, 2i32] }
def main [w] (row: [w]i32) =
  let (k, _) =
    loop (k, xs: [k]i32) = (w, row)
    for _i < 2 do
      let m = k * 2
      in (m, (xs ++ xs) :> [m]i32)
  let sums =
    loop (acc: [w]i32) = row
    for _i < 2 do
      map2 (+) acc row
  let grown =
    loop ys = row
    for _i < 1 do
      ys ++ ys
  in (k, sums, grown)
