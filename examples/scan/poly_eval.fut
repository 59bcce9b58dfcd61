-- Polynomial evaluation (seed 002, program 4) with the pair operator
-- (p, y) (+) (q, z) = (p*z + q, y*z): coefficient a_i becomes (a_i, x), highest degree first;
-- p of a combined segment is that segment's polynomial at x and y is x^(its length), neutral
-- (0, 1). A scan gives every Horner prefix a_0 x^i + ... + a_i (`values`, `prefixes`), a
-- reduce only the value (`eval`). The verify entries check results against Horner's loop.
-- ==
-- entry: eval
-- input { [1.0f64, -3.0f64, 2.0f64] 2.5f64 }
-- output { 0.75f64 }
-- input { [2.0f64, 0.0f64, 0.0f64, -1.0f64, 0.5f64] -1.5f64 }
-- output { 12.125f64 }
-- input { empty([0]f64) 3.0f64 }
-- output { 0.0f64 }
-- input { [4.0f64] 10.0f64 }
-- output { 4.0f64 }

-- ==
-- entry: values
-- input { [1.0f64, -3.0f64, 2.0f64] 2.5f64 }
-- output { [1.0f64, -0.5f64, 0.75f64] }
-- input { [0.5f64] -4.0f64 }
-- output { [0.5f64] }
-- input { empty([0]f64) 2.0f64 }
-- output { empty([0]f64) }

-- ==
-- entry: prefixes
-- input { [1i64, 2i64, 3i64, 4i64] 10i64 }
-- output { [1i64, 12i64, 123i64, 1234i64] }
-- input { [3i64, -1i64, 0i64, 2i64, 7i64] -2i64 }
-- output { [3i64, -7i64, 14i64, -26i64, 59i64] }
-- input { empty([0]i64) 5i64 }
-- output { empty([0]i64) }
-- input { [1i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] 16i64 }
-- output { [1i64, 16i64, 256i64, 4096i64, 65536i64, 1048576i64, 16777216i64, 268435456i64, 4294967296i64, 68719476736i64, 1099511627776i64, 17592186044416i64, 281474976710656i64, 4503599627370496i64, 72057594037927936i64, 1152921504606846976i64, 0i64] }

-- ==
-- entry: verify_eval
-- input { [1.0f64, -3.0f64, 2.0f64] 2.5f64 0.75f64 }
-- output { true }
-- input { [1.0f64, -3.0f64, 2.0f64] 2.5f64 0.76f64 }
-- output { false }

-- ==
-- entry: verify_values
-- input { [1.0f64, -3.0f64, 2.0f64] 2.5f64 [1.0f64, -0.5f64, 0.75f64] }
-- output { true }
-- input { [1.0f64, -3.0f64, 2.0f64] 2.5f64 [1.0f64, -0.5f64, 0.5f64] }
-- output { false }
-- input { empty([0]f64) 2.5f64 empty([0]f64) }
-- output { true }

def op (p: f64, y: f64) (q: f64, z: f64) : (f64, f64) = (p * z + q, y * z)

entry eval (cs: []f64) (x: f64) : f64 =
  (reduce op (0, 1) (map (\a -> (a, x)) cs)).0

def opi (p: i64, y: i64) (q: i64, z: i64) = (p * z + q, y * z)

entry prefixes (cs: []i64) (x: i64) : []i64 =
  map (.0) (scan opi (0, 1) (map (\a -> (a, x)) cs))

entry values (cs: []f64) (x: f64) : []f64 =
  map (.0) (scan op (0, 1) (map (\a -> (a, x)) cs))

-- The scan and the reduce associate differently from Horner's loop: compare with a tolerance.
def near (a: f64) (b: f64) : bool = f64.abs (a - b) <= 1e-9 * (1 + f64.abs a + f64.abs b)

entry verify_eval (cs: []f64) (x: f64) (v: f64) : bool =
  near v (loop y = 0 for c in cs do y * x + c)

entry verify_values (cs: []f64) (x: f64) (vs: []f64) : bool =
  length cs == length vs
  && and (map (\i -> near vs[i] ((if i == 0 then 0 else vs[i-1]) * x + cs[i])) (indices vs))
