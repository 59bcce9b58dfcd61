-- Maximum segment sum as a single reduction with a 4-tuple operator (best, best prefix,
-- best suffix, total), compared against a sequential Kadane loop.
-- ==
-- entry: mss
-- input { [1i32, -2i32, 3i32, 4i32, -1i32, 2i32, -5i32, 3i32] }
-- output { 8i32 }
-- input { [-1i32, -2i32] }
-- output { 0i32 }
-- input { empty([0]i32) }
-- output { 0i32 }
-- input { [5i32, -2i32, 6i32, 1i32, -6i32, 2i32, -10i32, 1i32, 5i32, -2i32, 10i32, 4i32, 9i32, -3i32, 7i32, -10i32, 9i32, -6i32, 4i32, 1i32, -5i32, 0i32, -4i32, -9i32, 8i32] }
-- output { 31i32 }

-- ==
-- entry: kadane
-- input { [1i32, -2i32, 3i32, 4i32, -1i32, 2i32, -5i32, 3i32] }
-- output { 8i32 }
-- input { [5i32, -2i32, 6i32, 1i32, -6i32, 2i32, -10i32, 1i32, 5i32, -2i32, 10i32, 4i32, 9i32, -3i32, 7i32, -10i32, 9i32, -6i32, 4i32, 1i32, -5i32, 0i32, -4i32, -9i32, 8i32] }
-- output { 31i32 }

def mss_op (mssx: i32, misx: i32, mcsx: i32, tsx: i32) (mssy: i32, misy: i32, mcsy: i32, tsy: i32) =
  (i32.max mssx (i32.max mssy (mcsx + misy)),
   i32.max misx (tsx + misy),
   i32.max mcsy (mcsx + tsy),
   tsx + tsy)

def mapper (x: i32) = let m = i32.max x 0 in (m, m, m, x)

entry mss (xs: []i32) : i32 = (reduce mss_op (0, 0, 0, 0) (map mapper xs)).0

entry kadane (xs: []i32) : i32 =
  let (best, _) = loop (best, cur) = (0, 0) for x in xs do
                    let cur' = i32.max 0 (cur + x)
                    in (i32.max best cur', cur')
  in best
