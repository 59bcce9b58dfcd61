-- An if per element that returns jagged rows (one row or two, of any lengths), as quickhull's
-- split_edge: the map's size slice reads only the rows' sizes (moved into the branches:
-- src/opt/ifsink.c), its value map the rows' offsets (the views moved into the branches), so
-- rule 8 (src/flatten/irr_control.c) flattens both.  Outputs worked out by hand.
-- ==
-- entry: main
-- input { [[3i32, 1i32, 3i32, 2i32], empty([0]i32), [5i32], [2i32, 2i32, 7i32, 1i32, 7i32]] }
-- output { [3i32, 4i32, 0i32, 5i32, 1i32, 7i32, 5i32] [2i64, 2i64, 0i64, 0i64, 1i64, 3i64, 2i64]
--          [1i32, 2i32, 3i32, 3i32, 5i32, 2i32, 2i32, 1i32, 7i32, 7i32] }
-- input { [empty([0]i32), empty([0]i32)] }
-- output { [0i32, 0i32] [0i64, 0i64] empty([0]i32) }
-- input { empty([0][0]i32) }
-- output { empty([0]i32) empty([0]i64) empty([0]i32) }

-- ==
-- entry: sizes
-- input { [[3i32, 1i32, 3i32, 2i32], empty([0]i32), [5i32], [2i32, 2i32, 7i32, 1i32, 7i32]] }
-- output { [4i64, 2i64, 4i64, 4i64] [4i64, 0i64, 1i64, 5i64] }

-- ==
-- entry: literal_and_rows
-- input { [[3i32, 1i32, 3i32, 2i32], [5i32], [2i32, 2i32, 7i32, 1i32, 7i32]] }
-- output { [3i32, 4i32, 5i32, 1i32, 7i32, 5i32] [2i64, 2i64, 0i64, 1i64, 3i64, 2i64]
--          [1i32, 2i32, 3i32, 3i32, 5i32, 2i32, 2i32, 1i32, 7i32, 7i32] }

-- ==
-- entry: first_kept
-- input { [4i32, -1i32, 6i32] true }
-- output { 4i32 }
-- input { [-4i32, 1i32] false }
-- output { -4i32 }
-- input { [-4i32, -1i32] true }
-- error: out of bounds

def split (s: []i32) : ([]i32, [][]i32) =
  if length s == 0 then ([0], [s])
  else let m = reduce i32.max i32.lowest s
       in ([m, i32.i64 (length s)], [filter (< m) s, filter (== m) s])

entry main (xss: [][]i32) : ([]i32, []i64, []i32) =
  let (vs, ss) = unzip (map split xss)
  let rows = flatten ss
  in (flatten vs, map length rows, flatten rows)

-- the else branch alone: a literal of a fixed size before the filters (irr_split.c cuts
-- after it)
entry literal_and_rows (xss: [][]i32) : ([]i32, []i64, []i32) =
  let (vs, ss) = unzip (map (\s -> let m = reduce i32.max i32.lowest s
                                   in ([m, i32.i64 (length s)], [filter (< m) s, filter (== m) s])) xss)
  let rows = flatten ss
  in (flatten vs, map length rows, flatten rows)

-- only sizes read: the rows are never written
entry sizes (xss: [][]i32) : ([]i64, []i64) =
  unzip (map (\s -> let (v, ss) = split s in (length v + length ss, length (flatten ss))) xss)

-- an index of an if's array, moved into its branches: the same failure
entry first_kept (xs: []i32) (b: bool) : i32 =
  let r = if b then filter (> 0) xs else xs
  in r[0]
