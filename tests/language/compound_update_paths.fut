-- A compound update path (an index, then a field, then an index) consumes its base once: the
-- updated value may be used, indexed or bound; a record whose field is updated through an
-- index is consumed likewise.
-- ==
-- entry: rows
-- input { 0i32 }
-- output { [1i32, 0i32, 3i32] [4i32, 5i32, 6i32] 7i32 }
-- input { 9i32 }
-- output { [1i32, 9i32, 3i32] [4i32, 5i32, 6i32] 7i32 }

-- ==
-- entry: fields
-- input { 5i32 }
-- output { [5i32, 2i32] 3i32 }

entry rows (v: i32) =
  let xss: *[]{a: []i32, b: i32} = [{a = [1, 2, 3], b = 7}, {a = [4, 5, 6], b = 8}]
  let zss = copy xss
  let yss = xss with [0].a[1] = v
  in ((zss with [0].a[1] = v)[0].a, yss[1].a, yss[0].b)

entry fields (v: i32) =
  let r: *{a: []i32, b: i32} = {a = [1, 2], b = 3}
  let r2 = r with a[0] = v
  in (r2.a, r2.b)
