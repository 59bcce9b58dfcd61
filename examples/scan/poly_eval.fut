-- Polynomial evaluation as a scan with the pair operator (p,y)+(q,z) = (p*z + q, y*z);
-- coefficient a_i becomes (a_i, x), highest degree first.
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
-- entry: prefixes
-- input { [1i64, 2i64, 3i64, 4i64] 10i64 }
-- output { [1i64, 12i64, 123i64, 1234i64] }
-- input { [3i64, -1i64, 0i64, 2i64, 7i64] -2i64 }
-- output { [3i64, -7i64, 14i64, -26i64, 59i64] }

def op (p: f64, y: f64) (q: f64, z: f64) : (f64, f64) = (p * z + q, y * z)

entry eval (cs: []f64) (x: f64) : f64 =
  (reduce op (0, 1) (map (\a -> (a, x)) cs)).0

def opi (p: i64, y: i64) (q: i64, z: i64) = (p * z + q, y * z)

entry prefixes (cs: []i64) (x: i64) : []i64 =
  map (.0) (scan opi (0, 1) (map (\a -> (a, x)) cs))
