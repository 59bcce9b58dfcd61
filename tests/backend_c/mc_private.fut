-- weft multicore: the views of the arrays a parallel region only reads from outside are
-- private to each thread (fpar.c private_views: firstprivate); arrays the statement binds or
-- consumes stay shared.  Strided and sliced views, several regions over the same arrays.

-- ==
-- entry: reads
-- input { [[1, 2, 3], [4, 5, 6]] [10, 20, 30] 2 }
-- output { [[12, 18], [22, 25], [33, 36]] [15, 17, 19] 32 }
entry reads [n] [m] (a: [n][m]i32) (b: [m]i32) (k: i32) =
  let t = transpose a
  let s = b[1:]
  let rows = map2 (\r x -> map (\y -> x + y * (if x > 15 then 1 else k)) r) t b
  let sums = map (\r -> reduce (+) 0 r + 10) t
  let total = reduce (+) 0 (map2 (+) s (map (\r -> r[0]) a))
  in (rows, sums, total - 23)

-- ==
-- entry: pick
-- input { [[3, 0], [7, 1], [5, 2], [7, 3]] }
-- output { [7, 1] [[3, 0], [7, 1], [7, 1], [7, 1]] }
entry pick [n] (xs: [n][2]i32) =
  let op (a: [2]i32) (b: [2]i32) = if b[0] > a[0] then b else a
  in (reduce op [-1, -1] xs, scan op [-1, -1] xs)
