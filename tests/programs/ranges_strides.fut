-- Ranges with steps in both directions and slices with strides: every k-th element,
-- reversed slices, and even/odd interleaving.
-- ==
-- entry: evens_below
-- input { 10i64 }
-- output { [0i64, 2i64, 4i64, 6i64, 8i64] }
-- input { 7i64 }
-- output { [0i64, 2i64, 4i64, 6i64] }
-- input { 1i64 }
-- output { [0i64] }

-- ==
-- entry: countdown
-- input { 10i64 }
-- output { [10i64, 7i64, 4i64, 1i64] }
-- input { 9i64 }
-- output { [9i64, 6i64, 3i64, 0i64] }
-- input { 3i64 }
-- output { [3i64, 0i64] }

-- ==
-- entry: down_excl
-- input { 5i64 }
-- output { [5i64, 4i64, 3i64, 2i64, 1i64] }
-- input { 1i64 }
-- output { [1i64] }

-- ==
-- entry: every_third
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [0i32, 3i32, 6i32] }
-- input { [9i32] }
-- output { [9i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: backwards
-- input { [1i32, 2i32, 3i32] }
-- output { [3i32, 2i32, 1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: middle_stride
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] }
-- output { [1i32, 3i32, 5i32, 7i32] }
-- input { [1i32, 2i32] }
-- output { empty([0]i32) }

-- ==
-- entry: interleave
-- input { [1i32, 3i32, 5i32] [2i32, 4i32, 6i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: sum_slices
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { 20i32 12i32 }
-- input { [[1i32, 1i32], [2i32, 2i32], [3i32, 3i32], [4i32, 4i32]] }
-- output { 4i32 10i32 }

entry evens_below (n: i64) : []i64 = 0..2..<n

entry countdown (n: i64) : []i64 = n..n-3...0

entry down_excl (n: i64) : []i64 = n..>0

entry every_third (xs: []i32) : []i32 = xs[::3]

entry backwards (xs: []i32) : []i32 = xs[::-1]

entry middle_stride (xs: []i32) : []i32 = xs[1:length xs - 1:2]

entry interleave [n] (xs: [n]i32) (ys: [n]i32) : []i32 =
  let out = replicate (2 * n) 0
  let out = scatter out (map (* 2) (iota n)) xs
  in scatter out (map (\i -> 2 * i + 1) (iota n)) ys

entry sum_slices [n][m] (a: [n][m]i32) : (i32, i32) =
  (i32.sum (flatten a[::2, ::2]), i32.sum a[:, 0])
