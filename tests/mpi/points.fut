-- An irregular map (rows of different lengths) is split across MPI ranks by its points, not
-- its rows: here one long row and several short ones.
-- ==
-- input { [5i64, 0i64, 1i64, 2i64] }
-- output { [[5i64, 7i64, 9i64, 11i64, 13i64], empty([0]i64), [6i64], [8i64, 10i64]] }
-- input { [1i64] }
-- output { [[1i64]] }
-- input { empty([0]i64) }
-- output { empty([0][0]i64) }
def main (ns: []i64) : [][]i64 =
  map2 (\n k -> map (\i -> 2 * i + k) (iota n)) ns (scan (+) 0 ns)
