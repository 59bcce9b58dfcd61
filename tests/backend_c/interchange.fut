-- Maps of dot products that weft c and weft multicore run as interchanged loops (src/backend/
-- nest.c: k outside, the map's index inside, blocks of 256 columns), and nests that must keep
-- their loops (tests/scripts/interchange.sh checks which in the generated C).  The floating-point
-- entries compare every element of the product, bit for bit, with a `loop` that adds the
-- products in increasing k (the interpreter's order; not a SOAC, so never interchanged), and
-- report that reversing that order changes some element (so the comparison can fail); the
-- sizes keep n >= 16 so that multicore takes its outer-parallel version (a parallel segred
-- would regroup the sums); so does weft cuda where a row's dot product is at least 16 long (a
-- warp adds it up as a tree: rts/flat_dev.cuh), so those cases say `no_cuda`.  Integer
-- entries return samples of the product checked against an independent Python model.  Reading
-- the product through gathers keeps it from being fused into what reads it.

def fa (i: i64) (k: i64) : f64 = f64.i64 ((i * 7 + k * 3) % 23 - 11) * 0.1 + (if (i + k) % 5 == 0 then 1e7 else 0)
def fb (k: i64) (j: i64) : f64 = f64.i64 ((k * 5 + j * 11) % 19 - 9) * 0.37 + (if (k * j) % 7 == 3 then -3e6 else 0)
def ia (i: i64) (k: i64) : i32 = i32.i64 ((i * 7 + k * 3) % 23 - 11)
def ib (k: i64) (j: i64) : i32 = i32.i64 ((k * 5 + j * 11) % 19 - 9)

def dot32 [m] (x: [m]f32) (y: [m]f32) : f32 = loop acc = 0f32 for k < m do acc + x[k] * y[k]
def rev32 [m] (x: [m]f32) (y: [m]f32) : f32 = loop acc = 0f32 for k < m do acc + x[m - 1 - k] * y[m - 1 - k]
def dot64 [m] (x: [m]f64) (y: [m]f64) : f64 = loop acc = 0f64 for k < m do acc + x[k] * y[k]
def rev64 [m] (x: [m]f64) (y: [m]f64) : f64 = loop acc = 0f64 for k < m do acc + x[m - 1 - k] * y[m - 1 - k]

-- Whether r and s agree everywhere (by gathers: neither is fused into the comparison).
def same [n] [p] 't (eq: t -> t -> bool) (r: [n][p]t) (s: [n][p]t) : bool =
  all (\t -> let i = t / p in let j = t % p in eq r[i, j] s[i, j]) (iota (n * p))

def samples [n] [p] 't (r: [n][p]t) : [9]t =
  map (\t -> if t == 8 then r[n - 1, p - 1] else r[(t * 29) % n, (t * 37) % p]) (iota 9)

-- A [n][m] times B [m][p]; B's columns through a transpose (strided rows).
-- ==
-- entry: mm32
-- no_cuda input { 20i64 33i64 530i64 } output { true true }
-- input { 17i64 1i64 1100i64 } output { true false }
-- input { 16i64 0i64 3i64 } output { true false }
-- input { 0i64 5i64 7i64 } output { true false }
-- input { 16i64 5i64 0i64 } output { true false }
entry mm32 (n: i64) (m: i64) (p: i64) : (bool, bool) =
  let a = map (\i -> map (\k -> f32.f64 (fa i k)) (iota m)) (iota n)
  let b = map (\k -> map (\j -> f32.f64 (fb k j)) (iota p)) (iota m)
  let c = map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a
  let ref = map (\row -> map (\col -> dot32 row col) (transpose b)) a
  let rev = map (\row -> map (\col -> rev32 row col) (transpose b)) a
  in (same (==) c ref, !(same (==) ref rev))

-- The same in f64, A itself read through a transpose (both operands strided).  Its rows are an
-- array, not fused into the outer map: weft multicore runs each chunk of the segmap's rows as
-- blocks of rows (70 rows: enough work for two threads, chunks of 2 or 3 rows).
-- ==
-- entry: mm64
-- no_cuda input { 24i64 41i64 600i64 } output { true true }
-- input { 16i64 3i64 1i64 } output { true true }
-- input { 70i64 9i64 600i64 } output { true true }
entry mm64 (n: i64) (m: i64) (p: i64) : (bool, bool) =
  let at = map (\k -> map (\i -> fa i k) (iota n)) (iota m)
  let b = map (\k -> map (\j -> fb k j) (iota p)) (iota m)
  let a = transpose at
  let c = map (\row -> map (\col -> reduce (+) 0 (map2 (*) row col)) (transpose b)) a
  let ref = map (\row -> map (\col -> dot64 row col) (transpose b)) a
  let rev = map (\row -> map (\col -> rev64 row col) (transpose b)) a
  in (same (==) c ref, !(same (==) ref rev))

-- i32 with wrap-around (the products of rows of length 2^16 reach past 2^31), non-square, p not
-- a multiple of the block.
-- ==
-- entry: mmi32
-- input { 19i64 23i64 517i64 }
-- output { [14221312i32, -5832704i32, -3276800i32, -8060928i32, -5046272i32, 2195456i32, -1179648i32, 13860864i32, 2424832i32] }
-- compiled input { 3i64 65536i64 2i64 }
-- output { [-5636096i32, 5406720i32, 1703936i32, 1769472i32, 1507328i32, -2818048i32, -5636096i32, 5406720i32, 5406720i32] }
entry mmi32 (n: i64) (m: i64) (p: i64) : [9]i32 =
  let a = map (\i -> map (\k -> ia i k * 32768) (iota m)) (iota n)
  let b = map (\k -> map (\j -> ib k j) (iota p)) (iota m)
  in samples (map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a)

-- An associative operator that does not commute (the last non-zero product, in k order), against
-- the same fold as a loop.
-- ==
-- entry: lastnz
-- input { 21i64 40i64 300i64 } output { true }
entry lastnz (n: i64) (m: i64) (p: i64) : bool =
  let a = map (\i -> map (\k -> ia i k % 3) (iota m)) (iota n)
  let b = map (\k -> map (\j -> ib k j % 4) (iota p)) (iota m)
  let last x y = if y != 0 then y else x
  let c = map (\row -> map (\col -> reduce last 0 (map2 (*) row col)) (transpose b)) a
  let ref = map (\row -> map (\col -> loop acc = 0 for k < m do last acc (row[k] * col[k])) (transpose b)) a
  in same (==) c ref

-- Not dot-product maps, so not interchanged: the products read the map's index, or divide (the
-- lambda may fail).
-- ==
-- entry: withj
-- input { 17i64 6i64 5i64 }
-- output { [94i32, -34i32, 30i32, -51i32, -27i32, -103i32, 48i32, -39i32, -39i32] }
entry withj (n: i64) (m: i64) (p: i64) : [9]i32 =
  let a = map (\i -> map (\k -> ia i k) (iota m)) (iota n)
  let b = map (\k -> map (\j -> ib k j) (iota p)) (iota m)
  in samples (map (\row -> map2 (\col j -> i32.sum (map2 (\x y -> x * y + i32.i64 j) row col)) (transpose b) (iota p)) a)

-- ==
-- entry: divides
-- input { 17i64 6i64 5i64 12i32 }
-- output { [-7i32, -3i32, -3i32, -3i32, 0i32, -2i32, -2i32, -3i32, -3i32] }
-- input { 17i64 25i64 5i64 9i32 }
-- error: division by zero
entry divides (n: i64) (m: i64) (p: i64) (s: i32) : [9]i32 =
  let a = map (\i -> map (\k -> ia i k) (iota m)) (iota n)
  let b = map (\k -> map (\j -> ib k j + s) (iota p)) (iota m)
  in samples (map (\row -> map (\col -> i32.sum (map2 (\x y -> x / y) row col)) (transpose b)) a)

-- A matrix-vector product over dense rows (laid out by rows: the plain loops already walk along
-- them), not interchanged.
-- ==
-- entry: matvec
-- input { [[-11i32, -8i32, -5i32, -2i32, 1i32], [-4i32, -1i32, 2i32, 5i32, 8i32], [3i32, 6i32, 9i32, -11i32, -8i32], [10i32, -10i32, -7i32, -4i32, -1i32], [-6i32, -3i32, 0i32, 3i32, 6i32], [1i32, 4i32, 7i32, 10i32, -10i32], [8i32, 11i32, -9i32, -6i32, -3i32], [-8i32, -5i32, -2i32, 1i32, 4i32], [-1i32, 2i32, 5i32, 8i32, 11i32]]
--         [2i32, 7i32, -7i32, -2i32, 3i32] }
-- output { [-36i32, -15i32, -17i32, 4i32, -21i32, -69i32, 159i32, -27i32, -6i32] }
entry matvec [n] [m] (x: [n][m]i32) (v: [m]i32) : [n]i32 =
  map (\row -> i32.sum (map2 (*) row v)) x
