-- Parallel sieve of Eratosthenes in nested form: from the primes up to sqrt(n) generate
-- all their multiples at once (a jagged array), flatten, scatter; repeat while the bound grows.
-- ==
-- input { 2i64 }
-- output { [2i64] }
-- input { 10i64 }
-- output { [2i64, 3i64, 5i64, 7i64] }
-- input { 30i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 100i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64, 31i64, 37i64, 41i64, 43i64, 47i64, 53i64, 59i64, 61i64, 67i64, 71i64, 73i64, 79i64, 83i64, 89i64, 97i64] }
-- input { 17i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64] }

-- ==
-- entry: counts
-- input { [10i64, 20i64, 50i64, 2i64, 97i64] }
-- output { [4i64, 8i64, 15i64, 1i64, 25i64] }
-- input { [1000i64] }
-- output { [168i64] }

def primes (n: i64) : []i64 =
  let (acc, _) =
    loop (acc: []i64, len) = ([2i64], 2i64) while len < n do
      let len' = i64.min (len * len) n
      let nested = map (\p -> let m = len' / p
                              in map (\j -> (j + 2) * p) (iota (m - 1)))
                       acc
      let not_primes = flatten nested
      let zeros = map (\_ -> false) not_primes
      let prime_flags = scatter (replicate (len' + 1) true) not_primes zeros
      let ps = filter (\i -> prime_flags[i]) (2...len')
      in (ps, len')
  in acc

def main (n: i64) : []i64 = primes n

entry counts (ns: []i64) : []i64 = map (\n -> length (primes n)) ns
