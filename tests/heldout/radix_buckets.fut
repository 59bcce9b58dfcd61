-- An LSD radix sort of u32 by 32 stable partitions in a size-changing loop, and bucketing
-- by a modulus (floor semantics for negatives) into an irregular array plus its counts.
-- ==
-- entry: radix_sort
-- input { [170u32, 45u32, 75u32, 90u32, 2u32, 802u32, 24u32, 66u32] }
-- output { [2u32, 24u32, 45u32, 66u32, 75u32, 90u32, 170u32, 802u32] }
-- input { empty([0]u32) }
-- output { empty([0]u32) }
-- input { [4294967295u32, 0u32, 1u32, 2147483648u32, 1u32] }
-- output { [0u32, 1u32, 1u32, 2147483648u32, 4294967295u32] }

-- ==
-- entry: buckets
-- input { 3i64 [5i64, 9i64, -1i64, 4i64, 3i64, 7i64] }
-- output { [[9i64, 3i64], [4i64, 7i64], [5i64, -1i64]] [2i32, 2i32, 2i32] }
-- input { 2i64 empty([0]i64) }
-- output { [empty([0]i64), empty([0]i64)] [0i32, 0i32] }
-- input { 4i64 [8i64, -4i64, 2i64] }
-- output { [[8i64, -4i64], empty([0]i64), [2i64], empty([0]i64)] [2i32, 0i32, 1i32, 0i32] }

entry radix_sort (xs: []u32) : []u32 =
  loop (a: []u32) = xs for b < 32 do
    let (zs, os) = partition (\x -> u32.get_bit b x == 0) a
    in zs ++ os

entry buckets [n] (k: i64) (xs: [n]i64) : ([][]i64, []i32) =
  (map (\b -> filter (\x -> x % k == b) xs) (iota k),
   hist (+) 0 k (map (% k) xs) (replicate n 1))
