-- Loops whose trip count differs per element: while loops inside maps (bit length, digital
-- root with a nested while, digit counts in a per-element base) and a for loop whose bound
-- may be negative (zero iterations).
-- ==
-- entry: bitlen
-- input { [0u32, 1u32, 2u32, 3u32, 255u32, 256u32, 4294967295u32] }
-- output { [0i32, 1i32, 2i32, 2i32, 8i32, 9i32, 32i32] }
-- input { empty([0]u32) }
-- output { empty([0]i32) }

-- ==
-- entry: digital_root
-- input { [0i64, 9i64, 10i64, 38i64, 999999999999i64] }
-- output { [0i64, 9i64, 1i64, 2i64, 9i64] [0i32, 0i32, 1i32, 2i32, 2i32] }

-- ==
-- entry: triangular
-- input { [0i32, 1i32, 5i32, -3i32, 10i32] }
-- output { [0i32, 0i32, 10i32, 0i32, 45i32] }

-- ==
-- entry: ndigits
-- input { [0i64, 7i64, 8i64, 255i64, 1000i64] [2i64, 2i64, 2i64, 16i64, 10i64] }
-- output { [1i32, 3i32, 4i32, 2i32, 4i32] }

entry bitlen (xs: []u32) : []i32 =
  map (\x -> let (_, c) = loop (v, c) = (x, 0) while v != 0 do (v >> 1, c + 1) in c) xs

def digit_sum (x: i64) : i64 =
  let (s, _) = loop (s, v) = (0, x) while v > 0 do (s + v % 10, v / 10)
  in s

entry digital_root (xs: []i64) : ([]i64, []i32) =
  unzip (map (\x -> loop (v, it) = (x, 0) while v >= 10 do (digit_sum v, it + 1)) xs)

entry triangular (ns: []i32) : []i32 =
  map (\n -> loop acc = 0 for i < n do acc + i) ns

entry ndigits [n] (xs: [n]i64) (bs: [n]i64) : [n]i32 =
  map2 (\x b -> let (c, _) = loop (c, v) = (1, x / b) while v > 0 do (c + 1, v / b) in c) xs bs
