-- A size parameter bound only from a field of a record argument (the fields listed out of
-- name order, so a field's place in the value differs from its place in the type), and a
-- record coerced with :> (its field's size checked).  Expected outputs worked out by hand.
-- ==
-- input { [1i64, 2i64, 3i64] 3i64 } output { 3i64 6i64 }
-- input { [4i64] 1i64 } output { 1i64 4i64 }
-- input { [1i64, 2i64, 3i64] 2i64 } error: size mismatch

type~ box [n] = {ys: []i32, xs: [n]i64}

def count [n] (_: box [n]) = n

def total [n] (b: box [n]) : i64 = i64.sum b.xs

entry main (xs: []i64) (m: i64) : (i64, i64) =
  let b : box [] = {xs, ys = [1, 2]}
  let c = b :> box [m]
  in (count b, total c)
