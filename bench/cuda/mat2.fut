-- A scan of 2x2 i32 matrix products (seed 002's Fibonacci by matrix scan): element x becomes
-- [[x, 1], [1, 0]] (x = 1 gives Fibonacci numbers); products wrap around.
-- (bench/cuda/run.sh: against CUB's DeviceScan::InclusiveScan with the same operator.)
-- ==
-- input { [1i32, 1i32, 1i32, 1i32] }
-- output { [1i32, 2i32, 3i32, 5i32] }
def mul (a1: i32, b1: i32, c1: i32, d1: i32) (a2: i32, b2: i32, c2: i32, d2: i32) : (i32, i32, i32, i32) =
  (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2)

entry main (xs: []i32) : []i32 =
  let (a, _, _, _) = unzip4 (scan mul (1, 0, 0, 1) (map (\x -> (x, 1, 1, 0)) xs))
  in a
