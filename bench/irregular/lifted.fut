-- lifted.fut — a recursive quicksort for bench/irregular/lifted.sh: the lifted version
-- (docs/FLATTENING.md, "Function lifting") against the original, one call per row.
-- sort_one: one call on the whole input; sort_rows: the input cut into k rows, one call each.

def qsort (xs: []i32) : []i32 =
  if length xs <= 1 then xs
  else let p = xs[0]
       in qsort (filter (< p) xs) ++ filter (== p) xs ++ qsort (filter (> p) xs)

entry sort_one (xs: []i32) : []i32 = qsort xs

entry sort_rows [n] (k: i64) (xs: [n]i32) : [][]i32 =
  let m = n / k
  let rows = map (\i -> xs[i * m:(i + 1) * m]) (iota k)
  in map qsort rows
