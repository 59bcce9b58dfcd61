-- A segmented reduction over irregular rows long enough to cross the GPU's tiles of points
-- (rts/cuda_irregular.cuh: a tile is a block's threads times 64 points), with a non-commutative
-- operator (composition of the affine maps v -> a*v + b, a = +-1): a row that starts in one tile
-- and ends in another gets the fold of its earlier tiles from wfg_red_carry_kernel, in order.
-- `commuting` folds the rows with + and max on i32, which commute exactly: a warp's points in
-- few segments are then folded striped (lane l every 32nd point, then a butterfly).  Rows of 0,
-- 1, 2047..2049 and 16383..16385 points, one row of 300000, rows of 20000+ among short ones.
-- Expected outputs: tests/irregular/gen_segred_tiles.py.

def affine (r: i64) (n: i64) : i32 =
  let (_, b) =
    reduce (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1i32, 0i32)
           (map (\j -> let x = i32.i64 ((r * 7 + j * 13) % 5)
                       in (if x % 2 == 0 then 1 else -1, x))
                (iota n))
  in b

-- ==
-- entry: rows
-- input { [40000i64, 0i64, 3i64, 100000i64, 0i64, 0i64, 1i64, 70000i64, 16384i64, 16383i64, 16385i64, 2i64, 0i64] }
-- output { [32000i32, 0i32, 6i32, -80000i32, 0i32, 0i32, 2i32, 56000i32, 13111i32, 13106i32, 13108i32, 2i32, 0i32] }
-- input { [300000i64] }
-- output { [240000i32] }
-- input { [0i64, 0i64, 65536i64, 0i64] }
-- output { [0i32, 0i32, 52432i32, 0i32] }
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] }
-- output { [0i32, 2i32, 6i32, 7i32, 4i32] }
entry rows (lens: []i64) : []i32 =
  map2 affine (indices lens) lens

-- ==
-- entry: commuting
-- input { [40000i64, 0i64, 3i64, 100000i64, 0i64, 0i64, 1i64, 70000i64, 16384i64, 16383i64, 16385i64, 2i64, 0i64] }
-- output { [-20000i32, 0i32, -1419i32, -50000i32, 0i32, 0i32, -458i32, -35000i32, -7528i32, -8382i32, -7590i32, -833i32, 0i32] [499i32, -2147483648i32, -460i32, 499i32, -2147483648i32, -2147483648i32, -458i32, 499i32, 499i32, 499i32, 499i32, -410i32, -2147483648i32] }
-- input { [300000i64] }
-- output { [-150000i32] [499i32] }
-- input { [0i64, 0i64, 65536i64, 0i64] }
-- output { [0i32, 0i32, -34056i32, 0i32] [-2147483648i32, -2147483648i32, 499i32, -2147483648i32] }
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] }
-- output { [-500i32, -973i32, -1419i32, -1838i32, -2230i32] [-500i32, -480i32, -460i32, -440i32, -420i32] }
-- input { [2048i64, 2047i64, 2049i64, 1i64, 4096i64, 600i64, 700i64, 0i64, 800i64, 5000i64, 0i64, 0i64, 3000i64] }
-- output { [-10336i32, -10118i32, -9526i32, -479i32, -9032i32, -4900i32, -2150i32, 0i32, -7400i32, -2500i32, 0i32, 0i32, -1500i32] [499i32, 499i32, 499i32, -479i32, 499i32, 499i32, 499i32, -2147483648i32, 499i32, 499i32, -2147483648i32, -2147483648i32, 499i32] }
entry commuting (lens: []i64) : ([]i32, []i32) =
  unzip (map2 (\r n -> let xs = map (\j -> i32.i64 ((r * 7 + j * 13) % 1000) - 500) (iota n)
                       in (reduce (+) 0 xs, reduce i32.max i32.lowest xs))
              (indices lens) lens)

-- ==
-- entry: checksum
-- input { 3000i64 }
-- output { 581555268i64 773583i64 }
-- input { 1i64 }
-- output { 0i64 0i64 }
-- input { 0i64 }
-- output { 0i64 0i64 }
entry checksum (n: i64) : (i64, i64) =
  let lens = map (\i -> if i % 97 == 5 then 20000 + 3 * i else (i * 7) % 13) (iota n)
  let rs = map2 affine (iota n) lens
  in (reduce (+) 0 (map2 (\r v -> i64.i32 v * (r + 1)) (iota n) rs), reduce (+) 0 lens)
