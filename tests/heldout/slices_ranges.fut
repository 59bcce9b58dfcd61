-- Slices with strides (positive, negative, omitted bounds), 2-D slices and column
-- selection, every range form including stepped ones, an invalid range as a run-time
-- error, and sliding windows built from slices.
-- ==
-- entry: strided
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32] }
-- output { [0i32, 2i32, 4i32, 6i32, 8i32] [1i32, 3i32, 5i32] [9i32, 8i32, 7i32, 6i32, 5i32, 4i32, 3i32, 2i32, 1i32, 0i32] [5i32, 3i32] }
-- input { [10i32, 11i32, 12i32, 13i32, 14i32, 15i32] }
-- output { [10i32, 12i32, 14i32] [11i32, 13i32, 15i32] [15i32, 14i32, 13i32, 12i32, 11i32, 10i32] [15i32, 13i32] }

-- ==
-- entry: sub2d
-- input { [[0i32, 1i32, 2i32, 3i32], [4i32, 5i32, 6i32, 7i32], [8i32, 9i32, 10i32, 11i32]] }
-- output { [[4i32, 6i32], [8i32, 10i32]] [1i32, 5i32, 9i32] [11i32, 7i32, 3i32] }

-- ==
-- entry: ranges
-- input { 6i64 }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] [6i64, 5i64, 4i64, 3i64, 2i64, 1i64] [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] [0i64, 2i64, 4i64] }
-- input { 1i64 }
-- output { [0i64] [1i64] [1i64] [0i64] }
-- input { 0i64 }
-- error: Range .*is invalid

-- ==
-- entry: stepped
-- input { 10i64 }
-- output { [10i64, 7i64, 4i64, 1i64] [0i64, 5i64, 10i64, 15i64, 20i64] [10i64, 8i64, 6i64, 4i64, 2i64, 0i64] }
-- input { 3i64 }
-- output { [3i64] [0i64, 5i64, 10i64, 15i64, 20i64] [10i64, 8i64, 6i64, 4i64, 2i64, 0i64] }

-- ==
-- entry: window3
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [6i32, 9i32, 12i32] }
-- input { [1i32, 2i32] }
-- output { empty([0]i32) }

entry strided (xs: []i32) : ([]i32, []i32, []i32, []i32) = (xs[::2], xs[1:6:2], xs[::-1], xs[5:1:-2])

entry sub2d [n][m] (a: [n][m]i32) : ([][]i32, []i32, []i32) = (a[1:, ::2], a[:, 1], a[::-1, 3])

entry ranges (n: i64) : ([]i64, []i64, []i64, []i64) = (0..<n, n..>0, 1...n, 0..2..<n)

entry stepped (n: i64) : ([]i64, []i64, []i64) = (n..n - 3..>0, 0..5...20, 10..8...0)

entry window3 (xs: []i32) : []i32 =
  let n = length xs
  in map (\i -> i32.sum xs[i:i + 3]) (iota (i64.max 0 (n - 2)))
