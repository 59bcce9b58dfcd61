-- Non-commutative scans and reductions over the dimension weft multicore --mpi splits: the
-- composition of affine maps x -> a x + b, (a, b) then (c, d) = (a c, b c + d), and a scan
-- whose output is mapped again.  Each rank's part is combined in rank order.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [2i32, 6i32, 6i32, 12i32, 36i32] [1i32, 5i32, 8i32, 20i32, 65i32] 36i32 65i32 [2i32, 6i32, 12i32, 20i32, 30i32] }
-- input { [5i32] }
-- output { [3i32] [5i32] 3i32 5i32 [10i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) 1i32 0i32 empty([0]i32) }
def comp (a: i32, b: i32) (c: i32, d: i32) = (a * c, b * c + d)

def main (xs: []i32) =
  let fs = map (\x -> (x % 3 + 1, x)) xs
  let (sa, sb) = unzip (scan comp (1, 0) fs)
  let (ra, rb) = reduce comp (1, 0) fs
  let twice = map (* 2) (scan (+) 0 xs)
  in (sa, sb, ra, rb, twice)
