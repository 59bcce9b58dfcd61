-- partition2 built from map, two scans and a scatter (flattening lecture).
-- ==
-- entry: evens
-- input { [5i32, 4i32, 2i32, 3i32, 7i32, 8i32] }
-- output { 3i64 [4i32, 2i32, 8i32, 5i32, 3i32, 7i32] }
-- input { empty([0]i32) }
-- output { 0i64 empty([0]i32) }
-- input { [1i32, 3i32, 5i32] }
-- output { 0i64 [1i32, 3i32, 5i32] }
-- input { [-2i32, -1i32, 0i32, 1i32, 2i32, 10i32, 11i32] }
-- output { 4i64 [-2i32, 0i32, 2i32, 10i32, -1i32, 1i32, 11i32] }

-- ==
-- entry: positives
-- input { [0.5f32, -1.0f32, 2.0f32, 0.0f32, -3.5f32, 7.25f32] }
-- output { 3i64 [0.5f32, 2.0f32, 7.25f32, -1.0f32, 0.0f32, -3.5f32] }

def partition2 't [n] (dummy: t) (cond: t -> bool) (X: [n]t) : (i64, [n]t) =
  let cs = map cond X
  let tfs = map (\f -> if f then 1i64 else 0) cs
  let isT = scan (+) 0 tfs
  let i = if n == 0 then 0 else isT[n-1]
  let ffs = map (\f -> if f then 0 else 1) cs
  let isF = map (+ i) <| scan (+) 0 ffs
  let inds = map3 (\c iT iF -> if c then iT - 1 else iF - 1) cs isT isF
  let tmp = replicate n dummy
  in (i, scatter tmp inds X)

entry evens (xs: []i32) : (i64, []i32) =
  partition2 0 (\x -> x % 2 == 0) xs

entry positives (xs: []f32) : (i64, []f32) =
  partition2 0f32 (> 0) xs
