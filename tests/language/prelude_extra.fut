-- Functions of Futhark's prelude: exscan, sized, split (sizes inferred), rep, flatmap,
-- flatmap', r32, t32, r64, t64, not.
-- ==
-- entry: ex
-- input { [1, 2, 3, 4] } output { [0, 1, 3, 6] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: sized_split
-- input { [1, 2, 3, 4, 5] } output { [1, 2] [3, 4, 5] }
-- input { [1] } error: size mismatch

-- ==
-- entry: reps
-- input { 3i64 } output { [1.5, 1.5, 1.5] }

-- ==
-- entry: fm
-- input { [2i64, 0i64, 3i64] [5, 6, 7] }
-- output { [2i64, 0i64, 3i64] [true, false, true, false, false] [0i64, 2i64, 2i64]
--          [5, 5, 7, 7, 7] [10, 12, 14] }
-- input { empty([0]i64) empty([0]i32) }
-- output { empty([0]i64) empty([0]bool) empty([0]i64) empty([0]i32) empty([0]i32) }

-- ==
-- entry: fm'
-- input { [1i64, 2i64] } output { [1i64, 2i64] [true, true, false] [0i64, 1i64] [0i64, 0i64, 1i64] }

-- ==
-- entry: convs
-- input { 7 2.9f32 -2.5 } output { 7f32 2 7.0 -2 false }

entry ex (xs: []i32) = exscan (+) 0 xs
entry sized_split (xs: []i32) = let (a, b) = split (sized (2 + 3) xs) in (a, b)
entry reps (n: i64) : [n]f64 = rep 1.5
entry fm (ks: []i64) (xs: []i32) =
  flatmap (\(k, x) -> (replicate k x, x * 2)) (zip ks xs)
entry fm' (ks: []i64) = flatmap' (\k -> iota k) ks
entry convs (x: i32) (y: f32) (z: f64) = (r32 x, t32 y, r64 x, t64 z, not true)
