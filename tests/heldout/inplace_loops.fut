-- In-place updates inside loops: insertion sort with a short-circuiting while condition,
-- a digit histogram built with `with`, an in-place reversal by swaps, and per-row copies
-- updated inside a map.
-- ==
-- entry: insertion_sort
-- input { [5i32, 2i32, 9i32, 1i32, 5i32, 6i32] }
-- output { [1i32, 2i32, 5i32, 5i32, 6i32, 9i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [3i32, 2i32, 1i32] }
-- output { [1i32, 2i32, 3i32] }

-- ==
-- entry: last_digit_hist
-- input { [12u32, 7u32, 22u32, 100u32, 5u32, 17u32] }
-- output { [1i32, 0i32, 2i32, 0i32, 0i32, 1i32, 0i32, 2i32, 0i32, 0i32] }
-- input { empty([0]u32) }
-- output { [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32] }

-- ==
-- entry: reverse_inplace
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5i32, 4i32, 3i32, 2i32, 1i32] }
-- input { [1i32, 2i32] }
-- output { [2i32, 1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: zero_diag
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[0i32, 2i32], [3i32, 0i32]] }
-- input { [[9i32, 9i32, 9i32], [9i32, 9i32, 9i32], [9i32, 9i32, 9i32]] }
-- output { [[0i32, 9i32, 9i32], [9i32, 0i32, 9i32], [9i32, 9i32, 0i32]] }

entry insertion_sort (xs: []i32) : []i32 =
  let n = length xs
  in loop a = copy xs for k < n - 1 do
       let i = k + 1
       let (a, _) = loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
                      let t = a[j]
                      let a[j] = a[j - 1]
                      let a[j - 1] = t
                      in (a, j - 1)
       in a

entry last_digit_hist (xs: []u32) : []i32 =
  loop h = replicate 10 0 for x in xs do
    let d = i64.u32 (x % 10)
    in h with [d] = h[d] + 1

entry reverse_inplace (xs: []i32) : []i32 =
  let n = length xs
  in loop a = copy xs for i < n / 2 do
       let t = a[i]
       let a[i] = a[n - 1 - i]
       let a[n - 1 - i] = t
       in a

entry zero_diag [n] (a: [n][n]i32) : [n][n]i32 =
  map2 (\i row -> copy row with [i] = 0) (iota n) a
