-- map2 .. map5 over equally long arrays.
-- ==
-- entry: m2
-- input { [1, 2, 3] [10, 20, 30] } output { [9, 18, 27] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }
entry m2 (xs: []i32) (ys: []i32) : []i32 = map2 (\x y -> y - x) xs ys

-- ==
-- entry: m3
-- input { [1, 2] [3, 4] [true, false] } output { [1, 4] }
entry m3 (xs: []i32) (ys: []i32) (bs: []bool) : []i32 = map3 (\x y b -> if b then x else y) xs ys bs

-- ==
-- entry: m4
-- input { [1, 2] [3, 4] [5, 6] [7, 8] } output { [1357, 2468] }
entry m4 (a: []i32) (b: []i32) (c: []i32) (d: []i32) : []i32 =
  map4 (\w x y z -> w * 1000 + x * 100 + y * 10 + z) a b c d

-- ==
-- entry: m5
-- input { [1i64] [2.0] [3i32] [true] [5u8] } output { [11.0] }
entry m5 (a: []i64) (b: []f64) (c: []i32) (d: []bool) (e: []u8) : []f64 =
  map5 (\v w x y z -> f64.i64 v + w + f64.i32 x + (if y then 0.0 else 100.0) + f64.u8 z) a b c d e
