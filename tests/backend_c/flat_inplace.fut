-- The flat generator's in-place shortcuts: a loop parameter updated in place every iteration
-- is made unique once, before the loop, and not checked in it (fgen.c stays_unique), unless
-- something else keeps a copy of it; a scan over arrays builds its steps in the output rows
-- (fsoac.c scan_in_rows).

-- ==
-- entry: loop_update
-- input { [1,2,3,4] 3i64 }
-- output { [1,5,10,16] [1,2,3,4] }
-- input { [1,2,3,4] 0i64 }
-- output { [1,2,3,4] [1,2,3,4] }
entry loop_update (a: []i32) (n: i64) =
  let w = loop w = copy a for i < n do
            let k = i + 1
            in w with [k] = w[k - 1] + w[k] + 2
  in (w, a)

-- The loop's array is the entry's input, which the harness keeps: it is copied once, before
-- the loop (when the loop runs), and updated in place from then on.

-- ==
-- entry: loop_input
-- input { [1,2,3,4] 3i64 }
-- output { [1,5,10,16] }
-- input { [1,2,3,4] 0i64 }
-- output { [1,2,3,4] }
entry loop_input (a: *[]i32) (n: i64) =
  loop w = a for i < n do
    let k = i + 1
    in w with [k] = w[k - 1] + w[k] + 2

-- The same with rows, and a single update of an input (the copies on these rare paths are
-- calls: rts/flat.h wf_copy_cold).

-- ==
-- entry: loop_input_rows
-- input { [[1,2,3],[4,5,6]] 3i64 }
-- output { [[2,2,3],[3,5,6]] }
-- input { [[1,2,3],[4,5,6]] 0i64 }
-- output { [[1,2,3],[4,5,6]] }
entry loop_input_rows (a: *[2][3]i32) (n: i64) =
  loop w = a for i < n do
    let k = i % 2
    in w with [k, 0] = w[k, 0] + w[1 - k, 0] - 3

-- ==
-- entry: update_input
-- input { [[1,2,3],[4,5,6]] }
-- output { [[1,2,3],[4,5,9]] }
entry update_input (a: *[2][3]i32) = a with [1, 2] = 9

-- ==
-- entry: loop_copy_kept
-- input { [1,2,3,4] 3i64 }
-- output { [4,2,3,4] [3,2,3,4] }
entry loop_copy_kept (a: [4]i32) (n: i64) =
  loop (w, v) = (copy a, copy a) for _i < n do
    let c = copy w
    let w2 = w with [0] = w[0] + 1
    in (w2, c)

-- ==
-- entry: loop_reads
-- input { [1,2,3,4] 3i64 }
-- output { [4,2,3,4] 9 }
entry loop_reads (a: [4]i32) (n: i64) =
  loop (w, s) = (copy a, 0) for i < n do
    let w2 = w with [0] = w[0] + 1
    in (w2, s + w2[i + 1])

-- ==
-- entry: scan_rows
-- input { [[1,2,3],[4,5,6],[7,8,9]] }
-- output { [[1,2,3],[5,7,9],[12,15,18]] }
-- input { empty([0][3]i32) }
-- output { empty([0][3]i32) }
entry scan_rows [n] (xs: [n][3]i32) = scan (map2 (+)) (replicate 3 0) xs

-- ==
-- entry: scan_rows_mismatch
-- input { [[1,2,3],[4,5,6]] 2i64 }
-- error: .
entry scan_rows_mismatch (xs: [][3]i32) (n: i64) =
  scan (\a x -> map2 (+) a (x :> [n]i32)) (replicate n 0) xs
