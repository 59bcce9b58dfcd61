-- Integer math with while loops: Euclid's gcd per pair (trip counts differ per element),
-- lcm of a whole array by reduction, and Euler's totient by counting coprimes.
-- ==
-- entry: gcds
-- input { [12i64, 17i64, 0i64, 100i64, -18i64, 1071i64] [18i64, 5i64, 7i64, 75i64, 12i64, 462i64] }
-- output { [6i64, 1i64, 7i64, 25i64, 6i64, 21i64] }
-- input { empty([0]i64) empty([0]i64) }
-- output { empty([0]i64) }

-- ==
-- entry: lcm_all
-- input { [4i64, 6i64, 10i64] }
-- output { 60i64 }
-- input { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64] }
-- output { 2520i64 }
-- input { empty([0]i64) }
-- output { 1i64 }

-- ==
-- entry: totients
-- input { [1i64, 2i64, 9i64, 10i64, 36i64, 97i64] }
-- output { [1i64, 1i64, 6i64, 4i64, 12i64, 96i64] }

def gcd (a: i64) (b: i64) : i64 =
  let (a, _) = loop (a, b) = (i64.abs a, i64.abs b) while b != 0 do (b, a % b)
  in a

def lcm (a: i64) (b: i64) : i64 = if a == 0 || b == 0 then 0 else a / gcd a b * b

entry gcds [n] (xs: [n]i64) (ys: [n]i64) : [n]i64 = map2 gcd xs ys

entry lcm_all (xs: []i64) : i64 = reduce lcm 1 xs

entry totients (ns: []i64) : []i64 =
  map (\n -> i64.sum (map (\k -> if gcd k n == 1 then 1 else 0) (1...n))) ns
