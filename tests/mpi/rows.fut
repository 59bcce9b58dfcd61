-- Maps over rows and reductions of whole rows: weft multicore --mpi splits the rows (and the
-- flat points of a segmap) across the ranks and gathers them (tests/scripts/mpi.sh runs this
-- on 1, 2 and 3 ranks).  Sizes below the rank count and empty ones give ranks no rows.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[3i32, 5i32, 7i32], [9i32, 11i32, 13i32]] [6i32, 15i32] [5i32, 7i32, 9i32] 21i32 }
-- input { [[7i32]] }
-- output { [[15i32]] [7i32] [7i32] 7i32 }
-- input { empty([0][3]i32) }
-- output { empty([0][3]i32) empty([0]i32) [0i32, 0i32, 0i32] 0i32 }
-- input { [[1i32, 1i32], [2i32, 2i32], [3i32, 3i32], [4i32, 4i32], [5i32, 5i32]] }
-- output { [[3i32, 3i32], [5i32, 5i32], [7i32, 7i32], [9i32, 9i32], [11i32, 11i32]]
--          [2i32, 4i32, 6i32, 8i32, 10i32] [15i32, 15i32] 30i32 }
def main [n][m] (xs: [n][m]i32) =
  let doubled = map (map (\x -> 2 * x + 1)) xs
  let sums = map i32.sum xs
  let cols = map i32.sum (transpose xs)
  in (doubled, sums, cols, i32.sum (flatten xs))
