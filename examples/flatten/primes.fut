-- Primes up to n: the parallel sieve of Eratosthenes in nested form (seed 004,
-- "Flattening Prime-Number (Sieve) Computation").
--
-- If we know the primes up to sqrt(n), all their multiples up to n can be generated at
-- once: a map over those primes whose body is itself a map over a range of a different
-- length for every prime -- an irregular (jagged) array [][]i64.  Flattening it and
-- scattering `false` into a flag array leaves exactly the primes.  The recursion on
-- sqrt(n) is written as a loop that squares the bound each round (2, 4, 16, 256, ...), so
-- the depth is O(lg lg n) rounds of flat parallel work; total work O(n lg lg n).
--
-- `main n` gives the primes up to n (inclusive); `counts ns` the number of primes up to
-- each n (a map whose body is the whole sieve: nested parallelism of irregular depth).
-- ==
-- input { 0i64 }
-- output { empty([0]i64) }
-- input { 1i64 }
-- output { empty([0]i64) }
-- input { 2i64 }
-- output { [2i64] }
-- input { 3i64 }
-- output { [2i64, 3i64] }
-- input { 4i64 }
-- output { [2i64, 3i64] }
-- input { 10i64 }
-- output { [2i64, 3i64, 5i64, 7i64] }
-- input { 17i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64] }
-- input { 49i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64, 31i64, 37i64, 41i64, 43i64, 47i64] }
-- input { 100i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64, 31i64, 37i64, 41i64, 43i64, 47i64, 53i64, 59i64, 61i64, 67i64, 71i64, 73i64, 79i64, 83i64, 89i64, 97i64] }
-- input { 257i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64, 31i64, 37i64, 41i64, 43i64, 47i64, 53i64, 59i64, 61i64, 67i64, 71i64, 73i64, 79i64, 83i64, 89i64, 97i64, 101i64, 103i64, 107i64, 109i64, 113i64, 127i64, 131i64, 137i64, 139i64, 149i64, 151i64, 157i64, 163i64, 167i64, 173i64, 179i64, 181i64, 191i64, 193i64, 197i64, 199i64, 211i64, 223i64, 227i64, 229i64, 233i64, 239i64, 241i64, 251i64, 257i64] }
-- input @ data/primes-40000.in
-- output @ data/primes-40000.out
-- input @ data/primes-100003.in
-- output @ data/primes-100003.out

-- ==
-- entry: counts
-- input { [10i64, 20i64, 0i64, 2i64, 97i64, 1i64, 1000i64, 65536i64] }
-- output { [4i64, 8i64, 0i64, 1i64, 25i64, 0i64, 168i64, 6542i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }

-- The primes up to n.  `ps` holds the primes up to `len`; one round extends them to
-- len' = min(len*len, n) with the multiples [2p, 3p, .., (len'/p) p] of every p in ps.
def primes (n: i64) : []i64 =
  let (ps, _) =
    loop (ps: []i64, len) = ([2i64], 2i64) while len < n do
      let len' = i64.min (len * len) n
      let multiples = map (\p -> map (\j -> (j + 2) * p) (iota (len' / p - 1))) ps
      let not_primes = flatten multiples
      let is_prime = scatter (replicate (len' + 1) true) not_primes
                             (map (\_ -> false) not_primes)
      in (filter (\i -> is_prime[i]) (2...len'), len')
  in if n < 2 then [] else ps

def main (n: i64) : []i64 = primes n

entry counts (ns: []i64) : []i64 = map (\n -> length (primes n)) ns
