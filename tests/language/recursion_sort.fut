-- Recursive functions that return fresh arrays of computed sizes: a quicksort (the
-- concatenation of its recursive results) and a mergesort (halves sorted recursively, merged by
-- a loop), at the top level and, per row, inside a map (run sequentially by the thread of the
-- row).  The expected outputs of the data files were sorted by Python (data/gen_sort.py).
-- ==
-- entry: qsort msort
-- input { [3, 1, 2] } output { [1, 2, 3] }
-- input { [5, -1, 5, 0, 5, -7, 2] } output { [-7, -1, 0, 2, 5, 5, 5] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- input { [42] } output { [42] }
-- input @ data/sort.in output @ data/sort.out

-- ==
-- entry: sort_rows qsort_rows
-- input { [[3, 2, 1], [1, 1, 0], [9, -9, 0]] } output { [[1, 2, 3], [0, 1, 1], [-9, 0, 9]] }
-- input @ data/sort_rows.in output @ data/sort_rows.out

def quicksort (xs: []i32) : []i32 =
  if length xs <= 1 then xs
  else
    let p = xs[length xs / 2]
    let (lt, rest) = partition (< p) xs
    let (eq, gt) = partition (== p) rest
    in quicksort lt ++ eq ++ quicksort gt

def merge [n] [m] (xs: [n]i32) (ys: [m]i32) : []i32 =
  let (out, _, _) =
    loop (out, i, j) = (replicate (n + m) 0, 0, 0) for k < n + m do
      if j >= m || (i < n && xs[i] <= ys[j])
      then (out with [k] = xs[i], i + 1, j)
      else (out with [k] = ys[j], i, j + 1)
  in out

def mergesort (xs: []i32) : []i32 =
  let n = length xs
  in if n <= 1 then xs
     else let h = n / 2
          in merge (mergesort xs[:h]) (mergesort xs[h:])

entry qsort (xs: []i32) = quicksort xs
entry msort (xs: []i32) = mergesort xs
entry sort_rows [m] (xss: [][m]i32) = map (\r -> mergesort r :> [m]i32) xss
entry qsort_rows [m] (xss: [][m]i32) = map (\r -> quicksort r :> [m]i32) xss
