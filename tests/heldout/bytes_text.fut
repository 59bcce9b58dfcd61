-- Byte strings as []u8: upper-casing, counting words (a word starts where a non-space
-- follows a space or the start), a Caesar shift with wraparound inside the alphabet,
-- palindrome test, and a wrapping u8 checksum next to an exact u32 sum.
-- ==
-- entry: upper
-- input { [72u8, 105u8, 44u8, 32u8, 121u8, 111u8, 117u8, 33u8] }
-- output { [72u8, 73u8, 44u8, 32u8, 89u8, 79u8, 85u8, 33u8] }
-- input { empty([0]u8) }
-- output { empty([0]u8) }

-- ==
-- entry: words
-- input { [32u8, 72u8, 105u8, 32u8, 32u8, 121u8, 111u8, 117u8, 32u8] }
-- output { 2i64 }
-- input { empty([0]u8) }
-- output { 0i64 }
-- input { [65u8] }
-- output { 1i64 }
-- input { [32u8, 32u8] }
-- output { 0i64 }

-- ==
-- entry: caesar
-- input { 3u8 [120u8, 121u8, 122u8, 32u8, 97u8, 98u8, 99u8] }
-- output { [97u8, 98u8, 99u8, 32u8, 100u8, 101u8, 102u8] }
-- input { 25u8 [97u8, 122u8, 65u8] }
-- output { [122u8, 121u8, 65u8] }

-- ==
-- entry: palindrome
-- input { [1u8, 2u8, 1u8] }
-- output { true }
-- input { [1u8, 2u8] }
-- output { false }
-- input { empty([0]u8) }
-- output { true }

-- ==
-- entry: checksum
-- input { [200u8, 100u8, 250u8] }
-- output { 38u8 550u32 }
-- input { empty([0]u8) }
-- output { 0u8 0u32 }

def is_lower (c: u8) : bool = c >= 97 && c <= 122

entry upper (s: []u8) : []u8 = map (\c -> if is_lower c then c - 32 else c) s

entry words (s: []u8) : i64 =
  let n = length s
  in i64.sum (map (\i -> if s[i] != 32 && (i == 0 || s[i - 1] == 32) then 1 else 0) (iota n))

entry caesar (k: u8) (s: []u8) : []u8 =
  map (\c -> if is_lower c then 97 + (c - 97 + k) % 26 else c) s

entry palindrome (s: []u8) : bool = and (map2 (==) s (reverse s))

entry checksum (s: []u8) : (u8, u32) = (reduce (+) 0 s, u32.sum (map u32.u8 s))
