-- Unique entry parameters (*[]t) are consumed as in Futhark: the caller hands the array over
-- and the entry updates it in place (tests/scripts/inplace_updates.sh checks that no copy is
-- made); the results are those of the same program on copies.
-- ==
-- entry: bump_sum
-- input { [1, 2, 3] } output { 7 }
-- input { [10] } output { 11 }

-- ==
-- entry: prefix_in_place
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: swap_rows
-- input { [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] 0i64 2i64 }
-- output { [[5.0, 6.0], [3.0, 4.0], [1.0, 2.0]] }

-- ==
-- entry: pairs
-- input { [1, 2, 3] [1.5f32, 2.5f32, 3.5f32] 1i64 }
-- output { [1, 20, 3] [1.5f32, 0.25f32, 3.5f32] }

-- ==
-- entry: one_of_two
-- input { [5, 6, 7] [1, 1, 1] } output { [6, 7, 8] [1, 1, 1] }

entry bump_sum (xs: *[]i32) : i32 =
  let xs[0] = xs[0] + 1
  in reduce (+) 0 xs

entry prefix_in_place [n] (xs: *[n]i32) : [n]i32 =
  loop xs for i < n - 1 do xs with [i + 1] = xs[i + 1] + xs[i]

entry swap_rows [n][m] (a: *[n][m]f64) (i: i64) (j: i64) : [n][m]f64 =
  let ri = copy a[i]
  let rj = copy a[j]
  let a[i] = rj
  let a[j] = ri
  in a

entry pairs (xs: *[](i32, f32)) (i: i64) : [](i32, f32) =
  let (a, b) = xs[i]
  in xs with [i] = (a * 10, b / 10)

entry one_of_two (xs: *[]i32) (ys: []i32) : ([]i32, []i32) =
  let xs = loop xs for i < length ys do xs with [i] = xs[i] + ys[i]
  in (xs, ys)
