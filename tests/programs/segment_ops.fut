-- Per-segment operations on a jagged array built from lengths and flat data: insertion sort
-- with a loop per segment, reverse, rotate, take/drop by segment-dependent amounts.
-- ==
-- entry: sort_each
-- input { [3i64, 0i64, 5i64, 1i64] [3i32, 1i32, 2i32, 9i32, -1i32, 7i32, 7i32, 0i32, 4i32] }
-- output { [[1i32, 2i32, 3i32], empty([0]i32), [-1i32, 0i32, 7i32, 7i32, 9i32], [4i32]] }
-- input { [6i64] [6i32, 5i32, 4i32, 3i32, 2i32, 1i32] }
-- output { [[1i32, 2i32, 3i32, 4i32, 5i32, 6i32]] }

-- ==
-- entry: reverse_each
-- input { [3i64, 0i64, 2i64] [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [[3i32, 2i32, 1i32], empty([0]i32), [5i32, 4i32]] }

-- ==
-- entry: rotate_each
-- input { [3i64, 0i64, 2i64, 1i64] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [[2i32, 3i32, 1i32], empty([0]i32), [5i32, 4i32], [6i32]] }

-- ==
-- entry: take_drop
-- input { [3i64, 1i64, 4i64, 0i64] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] }
-- output { [[1i32, 2i32], [4i32], [5i32, 6i32], empty([0]i32)] [[2i32, 3i32], [4i32], [7i32, 8i32], empty([0]i32)] }

def segments [m] (lens: [m]i64) (data: []i32) : [m][]i32 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map2 (\o l -> data[o:o+l]) offs lens

def insertion_sort [n] (xs: [n]i32) : [n]i32 =
  loop xs = copy xs for i in 1..<(i64.max 1 n) do
    let (xs, _) =
      loop (xs, j) = (xs, i) while j > 0 && xs[j-1] > xs[j] do
        let a = xs[j-1]
        let b = xs[j]
        let xs[j-1] = b
        let xs[j] = a
        in (xs, j - 1)
    in xs

entry sort_each [m] (lens: [m]i64) (data: []i32) : [m][]i32 =
  map insertion_sort (segments lens data)

entry reverse_each [m] (lens: [m]i64) (data: []i32) : [m][]i32 =
  map reverse (segments lens data)

entry rotate_each [m] (lens: [m]i64) (data: []i32) : [m][]i32 =
  map (\s -> if length s == 0 then s else rotate 1 s) (segments lens data)

entry take_drop [m] (lens: [m]i64) (data: []i32) : ([m][]i32, [m][]i32) =
  let ss = segments lens data
  in (map (\s -> take (i64.min 2 (length s)) s) ss,
      map (\s -> drop (length s / 2) s) ss)
