-- Chains of concatenations (src/opt/concat.c makes `a ++ b ++ c` one concatenation when the
-- inner result is read nowhere else): plain, an inner result also read elsewhere (kept),
-- inside a map over rows of different lengths, rows of rows (regular, and jagged: weft's
-- arrays may be irregular), and the filters of a quicksort level written straight into
-- a map's rows (src/backend/emit_soac.c).  Outputs by hand.
-- ==
-- entry: chain
-- input { [1i32, 2i32] [3i32] [4i32, 5i32, 6i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- input { empty([0]i32) [7i32] empty([0]i32) }
-- output { [7i32] }

-- ==
-- entry: shared
-- input { [1i32, 2i32] [3i32] [4i32] }
-- output { [1i32, 2i32, 3i32, 4i32] 3i64 }

-- ==
-- entry: per_row
-- input { [[3i32, 1i32, 2i32, 3i32], empty([0]i32), [5i32], [2i32, 9i32, 1i32]] }
-- output { [[1i32, 2i32, 3i32, 3i32], empty([0]i32), [5i32], [1i32, 2i32, 9i32]] }

-- ==
-- entry: rows
-- input { [[1i32, 2i32]] [[3i32, 4i32]] [[5i32, 6i32], [7i32, 8i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32], [7i32, 8i32]] }
-- input { [[1i32, 2i32]] [[3i32, 4i32]] [[5i32, 6i32, 7i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32, 7i32]] }

entry chain (a: []i32) (b: []i32) (c: []i32) : []i32 = a ++ b ++ c

entry shared (a: []i32) (b: []i32) (c: []i32) : ([]i32, i64) =
  let ab = a ++ b
  in (ab ++ c, length ab)

-- one level of a quicksort on each row: the smaller, the equal, the larger elements
entry per_row (xss: [][]i32) : [][]i32 =
  map (\xs -> if length xs == 0 then xs
              else let p = xs[0]
                   in filter (< p) xs ++ filter (== p) xs ++ filter (> p) xs) xss

entry rows [n] (a: [][n]i32) (b: [][n]i32) (c: [][]i32) : [][]i32 = a ++ b ++ c
