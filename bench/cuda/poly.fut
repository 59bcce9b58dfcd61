-- Polynomial evaluation by a scan of pairs (seed 002): element a_i becomes (a_i, x); the
-- operator (p, y) (+) (q, z) = (p*z + q, y*z).  The last p is sum a_i x^(n-1-i) (Horner).
-- (bench/cuda/run.sh: against CUB's DeviceScan::InclusiveScan with the same operator.)
-- ==
-- input { [1f32, 2f32, 3f32] 2f32 }
-- output { [1f32, 4f32, 11f32] }
def op (p: f32, y: f32) (q: f32, z: f32) : (f32, f32) = (p * z + q, y * z)

entry main (as: []f32) (x: f32) : []f32 =
  let (ps, _) = unzip (scan op (0, 1) (map (\a -> (a, x)) as))
  in ps
