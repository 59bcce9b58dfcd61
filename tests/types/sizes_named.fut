-- Size parameters and named parameter sizes: iota n has size n, replicate n x too.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64] [1.0f64, 1.0f64, 1.0f64] }
def pairs (n: i64) : [n](i64, f64) = zip (iota n) (replicate n 1)
def main (n: i64) : ([n]i64, [n]f64) = unzip (pairs n)
