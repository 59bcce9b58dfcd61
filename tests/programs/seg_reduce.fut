-- Reduce inside a map over segments given by lengths, written nested and written
-- as the lecture's histogram "cheat" over per-element segment indices.
-- ==
-- entry: nested
-- input { [3i64, 2i64] [1i32, 3i32, 4i32, 6i32, 7i32] }
-- output { [8i32, 13i32] }
-- input { [0i64, 2i64, 0i64, 3i64, 1i64] [5i32, -5i32, 1i32, 2i32, 3i32, 100i32] }
-- output { [0i32, 0i32, 0i32, 6i32, 100i32] }
-- input { empty([0]i64) empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: via_hist
-- input { [3i64, 2i64] [1i32, 3i32, 4i32, 6i32, 7i32] }
-- output { [8i32, 13i32] }
-- input { [0i64, 2i64, 0i64, 3i64, 1i64] [5i32, -5i32, 1i32, 2i32, 3i32, 100i32] }
-- output { [0i32, 0i32, 0i32, 6i32, 100i32] }
-- input { [2i64, 0i64] [9i32, 9i32] }
-- output { [18i32, 0i32] }

-- ==
-- entry: maxima
-- input { [3i64, 0i64, 2i64] [4i32, -1i32, 9i32, -7i32, -8i32] }
-- output { [9i32, -2147483648i32, -7i32] }

def offsets [m] (lens: [m]i64) : [m]i64 = map2 (-) (scan (+) 0 lens) lens

entry nested [m] (lens: [m]i64) (data: []i32) : [m]i32 =
  map2 (\o l -> i32.sum data[o:o+l]) (offsets lens) lens

entry via_hist [m][n] (lens: [m]i64) (data: [n]i32) : [m]i32 =
  let heads = map2 (\o l -> if l == 0 then -1 else o) (offsets lens) lens
  let marks = scatter (replicate n 0i64) heads (map (+1) (iota m))
  let ii = map (\x -> x - 1) (scan i64.max 0 marks)
  in hist (+) 0 m ii data

entry maxima [m] (lens: [m]i64) (data: []i32) : [m]i32 =
  map2 (\o l -> reduce i32.max i32.lowest data[o:o+l]) (offsets lens) lens
