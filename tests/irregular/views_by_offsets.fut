-- An if per element (rule 8) whose else branch returns a pair of new values and two filtered
-- rows, as quickhull's split_edge does: after the if is flattened, the branch's last map
-- returns rows of three layouts (the pairs, the rows' lengths, the rows' data), each
-- concatenated by offsets of its own.  The flattener makes one map per layout
-- (src/flatten/flatten.c split_by_offsets), so that the rows are copied element-wise, not a
-- row per thread.  Outputs worked out by hand.
-- ==
-- input { [5, 1, 0, 3] [[1, 9, 4], [], [2, 2], [7]] }
-- output { [5, 9, 1, 0, 2, 3, 7] [[1, 4], [9], empty([0]i32), empty([0]i32), [2, 2], empty([0]i32), [7]] }
-- input { [2] [empty([0]i32)] }
-- output { [2] [empty([0]i32)] }
-- input { empty([0]i32) empty([0][0]i32) }
-- output { empty([0]i32) empty([0][0]i32) }
-- input { [0, 0] [empty([0]i32), [3, -1, 5, 2]] }
-- output { [0, 0, 5] [empty([0]i32), [3, -1, 2], [3, 5, 2]] }

def split_row (p: i32) (s: []i32) : ([]i32, [][]i32) =
  if length s == 0 then ([p], [s])
  else let c = i32.maximum s
       in ([p, c], [filter (< c) s, filter (> p) s])

entry main (ps: []i32) (ss: [][]i32) : ([]i32, [][]i32) =
  let (vss, sss) = unzip (map2 split_row ps ss)
  in (flatten vss, flatten sss)
