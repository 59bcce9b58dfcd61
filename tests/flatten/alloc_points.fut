-- Reductions and scans over two levels whose points allocate arrays (each point scans an
-- array of its own length).  On the GPU such a segop cannot be one kernel (its points need
-- arenas, which kernels.c gives to segmaps only): the flattener computes the operands by a
-- segmap first and reduces or scans the stored operands (src/flatten/flatten.c,
-- operands_first); before that it ran on the host.  A tuple operator, and a scan with a
-- non-commutative operator (affine maps composed).  Expected outputs: gen_alloc_points.py, a
-- Python model written from the meaning.
-- ==
-- entry: red
-- input { [1i64, 2i64, 3i64] [0i64, 5i64, 9i64, 14i64] }
-- output { [100i64, 96i64, 176i64] }
-- input { [7i64] [3i64] }
-- output { [51i64] }
-- input { [-3i64, -2i64, -1i64, 0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64] [0i64, 3i64, 6i64, 9i64, 12i64, 15i64, 18i64, 21i64, 24i64, 27i64, 30i64, 33i64, 36i64, 39i64] }
-- output { [483i64, 595i64, 623i64, 861i64, 1015i64, 1085i64, 1071i64, 1267i64, 1379i64, 1407i64, 1645i64, 1799i64] }
-- input { empty([0]i64) [1i64, 2i64] }
-- output { empty([0]i64) }
-- input { [4i64, 5i64] empty([0]i64) }
-- output { [0i64, 0i64] }

def point (x: i64) (y: i64) : (i64, i64) =
  let k = (x + y) % 7 + 1
  let a = scan (+) 0 (map (\i -> i * x + y) (iota k))
  in (a[k - 1] - a[0], a[k / 2] * (if k % 2 == 1 then 1 else -1))

entry red (xs: []i64) (ys: []i64) : []i64 =
  map (\x -> reduce (+) 0 (map (\y -> (point x y).0) ys)) xs

-- ==
-- entry: red_pair
-- input { [1i64, 2i64, 3i64] [0i64, 5i64, 9i64, 14i64] }
-- output { [100i64, 96i64, 176i64] [26i64, 33i64, -9i64] }
-- input { [7i64] [3i64] }
-- output { [51i64] [-30i64] }
-- input { [-3i64, -2i64, -1i64, 0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64] [0i64, 3i64, 6i64, 9i64, 12i64, 15i64, 18i64, 21i64, 24i64, 27i64, 30i64, 33i64, 36i64, 39i64] }
-- output { [483i64, 595i64, 623i64, 861i64, 1015i64, 1085i64, 1071i64, 1267i64, 1379i64, 1407i64, 1645i64, 1799i64] [102i64, 132i64, 96i64, 117i64, 138i64, 168i64, 117i64, 144i64, 174i64, 120i64, 150i64, 180i64] }
-- input { empty([0]i64) [1i64, 2i64] }
-- output { empty([0]i64) empty([0]i64) }
-- input { [4i64, 5i64] empty([0]i64) }
-- output { [0i64, 0i64] [-9223372036854775808i64, -9223372036854775808i64] }

entry red_pair (xs: []i64) (ys: []i64) : ([]i64, []i64) =
  unzip (map (\x -> reduce (\(a, b) (c, d) -> (a + c, i64.max b d)) (0, i64.lowest) (map (point x) ys)) xs)

-- ==
-- entry: scan_affine
-- input { [1i64, 2i64, 3i64] [0i64, 5i64, 9i64, 14i64] }
-- output { [[1i64, 50i64, -17i64, 32i64], [6i64, 6i64, 62i64, 96i64], [18i64, 26i64, 116i64, 176i64]] }
-- input { [7i64] [3i64] }
-- output { [[51i64]] }
-- input { [-3i64, -2i64, -1i64, 0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64] [0i64, 3i64, 6i64, 9i64, 12i64, 15i64, 18i64, 21i64, 24i64, 27i64, 30i64, 33i64, 36i64, 39i64] }
-- output { [[-30i64, -30i64, -30i64, 21i64, -6i64, 24i64, -9i64, 45i64, 45i64, 18i64, 99i64, -42i64, 177i64, 213i64], [-30i64, 31i64, 35i64, 35i64, 59i64, 107i64, 137i64, -62i64, -40i64, 48i64, 48i64, 39i64, 213i64, 285i64], [-21i64, 24i64, -9i64, -1i64, 37i64, 37i64, 85i64, 20i64, 25i64, 145i64, -116i64, 6i64, 6i64, 105i64], [0i64, 9i64, 45i64, 63i64, 123i64, -108i64, -36i64, -36i64, 36i64, 198i64, 258i64, -93i64, -57i64, 99i64], [1i64, 23i64, 23i64, 10i64, 83i64, -50i64, 155i64, 177i64, 283i64, 283i64, 379i64, -160i64, 235i64, 445i64], [6i64, 39i64, 47i64, 103i64, 103i64, -46i64, 104i64, 152i64, 302i64, -273i64, -133i64, -133i64, -13i64, 263i64], [18i64, 63i64, -42i64, 48i64, -33i64, 57i64, 57i64, 24i64, 183i64, -120i64, 315i64, 351i64, 525i64, 525i64], [40i64, 40i64, 82i64, 220i64, 256i64, -121i64, -99i64, 25i64, 25i64, 80i64, 344i64, 422i64, 662i64, -619i64], [75i64, 83i64, 157i64, 157i64, 223i64, -28i64, 79i64, 259i64, -230i64, -72i64, -72i64, 201i64, 120i64, -27i64], [126i64, 150i64, 270i64, -255i64, -147i64, -147i64, -57i64, 195i64, 261i64, -36i64, 0i64, 192i64, 192i64, -39i64], [0i64, 51i64, 132i64, -93i64, 258i64, 280i64, 422i64, 422i64, 536i64, -227i64, 308i64, 578i64, -535i64, -309i64], [8i64, 100i64, 100i64, -25i64, 215i64, 269i64, 479i64, -450i64, -274i64, -274i64, -136i64, 230i64, 326i64, -11i64]] }
-- input { empty([0]i64) [1i64, 2i64] }
-- output { empty([0][2]i64) }
-- input { [4i64, 5i64] empty([0]i64) }
-- output { empty([2][0]i64) }

entry scan_affine [n] [m] (xs: [n]i64) (ys: [m]i64) : [n][m]i64 =
  map (\x -> map (.1) (scan (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1, 0)
                         (map (\y -> let v = (point x y).0 in (if v % 2 == 0 then 1 else -1, v)) ys))) xs
