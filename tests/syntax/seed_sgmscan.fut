-- Segmented scan from the flattening slides (seed 004).
-- ==
-- input { [true, false, false, true, false, false, false] [1, 2, 3, 4, 5, 6, 7] }
-- output { [1, 3, 6, 4, 9, 15, 22] }
def sgmscan 't [n] (op: t->t->t) (ne: t)
    (flg : [n]bool) (arr : [n]t) : [n]t =
  let flgs_vals =
    zip flg arr |>
    scan ( \ (f1, x1) (f2, x2) ->
      let f = f1 || f2
      in if f2 then (f, x2)
        else (f, op x1 x2)
    ) (false, ne)
  let (_, vals) = unzip flgs_vals
  in vals

def main [n] (flg: [n]bool) (arr: [n]i32) : [n]i32 = sgmscan (+) 0 flg arr
