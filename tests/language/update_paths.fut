-- In-place updates through compound paths: a[i][j], a[i].f, r.f, r.f.g, and the let forms.
-- ==
-- entry: grid
-- input { [[1, 2], [3, 4]] 1i64 0i64 9 } output { [[1, 2], [9, 4]] }

-- ==
-- entry: field_of_elem
-- input { [1, 2, 3] [true, false, true] 1i64 } output { [1, 7, 3] [true, false, true] }

-- ==
-- entry: record
-- input { 1 2 } output { 5 2 1 }

-- ==
-- entry: with_path
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 0]] [0, 3] }

entry grid (xss: *[][]i32) (i: i64) (j: i64) (v: i32) =
  let xss[i][j] = v
  in xss

entry field_of_elem (xs: []i32) (bs: []bool) (i: i64) =
  let rs = map2 (\x b -> {x, b}) xs bs
  let rs[i].x = 7
  in (map (.x) rs, map (.b) rs)

entry record (a: i32) (b: i32) =
  let r = {p = {x = a, y = b}, q = a}
  let r.p.x = 5
  in (r.p.x, r.p.y, r.q)

entry with_path (xss: [][]i32) =
  let ps = map (\xs -> (xs, xs[0])) xss
  let ps' = copy ps with [1].0 = [3, 0]
  in (map (.0) ps', map (.1) (copy ps with [0].1 = 0))
