-- Field and index sections with paths ((.a[0]), (.[0].f)), records with numeric fields
-- ({0 = x, 1 = y} is the tuple (x, y)), a lambda as the last argument without parentheses,
-- and trailing commas.
-- ==
-- entry: sections
-- input { [[1, 2], [3, 4]] } output { [1, 3] [2, 4] }

-- ==
-- entry: numeric_fields
-- input { 1 2 } output { 2 1 3 }

-- ==
-- entry: last_lambda
-- input { [1, 2, 3] } output { [2, 4, 6] 6 }

-- ==
-- entry: trailing
-- input { 1 } output { [1, 2] 1 }

entry sections (xss: [][]i32) =
  let rs = map (\xs -> {a = xs}) xss
  let ts = map (\xs -> (xs, 0)) xss
  in (map (.a[0]) rs, map (.0[1]) ts)

entry numeric_fields (x: i32) (y: i32) =
  let t = {1 = x, 0 = y}
  let {0 = a, 1 = b} : (i32, i32) = t
  in (a, b, (x, y).0 + t.0)

entry last_lambda (xs: []i32) =
  (map \x -> x * 2) xs |> \ys -> (ys, reduce (+) 0 xs)

entry trailing (x: i32) = ([x, 2,], (x,),)
