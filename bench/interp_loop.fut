-- The interpreter's speed on a tight scalar loop: 10^7 iterations of a few i64 operations.
-- Sum over i < n of (i*i mod 7); the squares mod 7 repeat 0,1,4,2,2,4,1 (sum 14) every 7 steps.
-- ==
-- input { 10000000i64 } output { 19999999i64 }
-- input { 7i64 } output { 14i64 }
def main (n: i64) : i64 = loop acc = 0 for i < n do acc + i * i % 7
