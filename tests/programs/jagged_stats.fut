-- Per-row statistics of a jagged array with a tuple-valued reduction: count, sum,
-- minimum and maximum, empty rows included.
-- ==
-- input { [3i64, 0i64, 2i64] [4i32, -2i32, 7i32, 10i32, 1i32] }
-- output { [3i64, 0i64, 2i64] [9i32, 0i32, 11i32] [-2i32, 2147483647i32, 1i32] [7i32, -2147483648i32, 10i32] }
-- input { [1i64, 4i64] [5i32, 9i32, 9i32, -9i32, 0i32] }
-- output { [1i64, 4i64] [5i32, 9i32] [5i32, -9i32] [5i32, 9i32] }

def segments [m] (lens: [m]i64) (data: []i32) : [m][]i32 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map2 (\o l -> data[o:o+l]) offs lens

def stats (row: []i32) : (i64, i32, i32, i32) =
  reduce (\(c1, s1, lo1, hi1) (c2, s2, lo2, hi2) ->
            (c1 + c2, s1 + s2, i32.min lo1 lo2, i32.max hi1 hi2))
         (0, 0, i32.highest, i32.lowest)
         (map (\x -> (1, x, x, x)) row)

entry main [m] (lens: [m]i64) (data: []i32) : ([m]i64, [m]i32, [m]i32, [m]i32) =
  unzip4 (map stats (segments lens data))
