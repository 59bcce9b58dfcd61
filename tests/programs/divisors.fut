-- Divisors of each number by filtering 1..n inside a map (jagged), divisor sums, and
-- perfect-number detection.
-- ==
-- entry: all_divisors
-- input { [1i64, 6i64, 7i64, 12i64, 30i64] }
-- output { [[1i64], [1i64, 2i64, 3i64, 6i64], [1i64, 7i64], [1i64, 2i64, 3i64, 4i64, 6i64, 12i64], [1i64, 2i64, 3i64, 5i64, 6i64, 10i64, 15i64, 30i64]] }

-- ==
-- entry: sigma
-- input { [1i64, 6i64, 28i64, 10i64, 97i64] }
-- output { [1i64, 12i64, 56i64, 18i64, 98i64] }

-- ==
-- entry: perfect
-- input { 30i64 }
-- output { [6i64, 28i64] }
-- input { 500i64 }
-- output { [6i64, 28i64, 496i64] }

-- ==
-- entry: num_divisors
-- input { [1i64, 2i64, 36i64, 100i64] }
-- output { [1i64, 2i64, 9i64, 9i64] }

def divisors (n: i64) : []i64 = filter (\d -> n % d == 0) (1...n)

entry all_divisors (ns: []i64) : [][]i64 = map divisors ns

entry sigma (ns: []i64) : []i64 = map (\n -> i64.sum (divisors n)) ns

entry perfect (limit: i64) : []i64 =
  filter (\n -> i64.sum (divisors n) == 2 * n) (1...limit)

entry num_divisors (ns: []i64) : []i64 = map (divisors >-> length) ns
