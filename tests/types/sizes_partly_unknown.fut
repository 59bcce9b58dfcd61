-- A size expression with one unknown operand keeps its known one: `filter p xs ++ ys` is
-- `[? + m]`, so `parts`'s `[a + b]` learns b = m from it and a from the argument's length (as
-- Futhark's fresh existential size does: its types/ext9); a `let [k]` size leaving its scope
-- inside `k + n` likewise.
-- ==
-- input { [1, 2, 3] [7, 8] } output { 2i64 2i64 2i64 1i64 1i64 3i64 }
-- input { [5, 6] empty([0]i32) } output { 0i64 0i64 0i64 2i64 0i64 2i64 }

def parts [a] [b] 't (_: [a + b]t) : (i64, i64) = (a, b)

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) =
  let (a1, b1) = parts (filter (< 3) xs ++ ys)
  let (a2, b2) = parts (ys ++ filter (> 2) xs)
  let (a3, b3) = parts (let [k] (zs: [k]i32) = filter (== 1) xs in zs ++ xs)
  in (a1, b1, a2, b2, a3, b3)
