-- Bit operations: popc/clz/ctz, Gray code and its inverse by a shifting while loop, bit
-- reversal of bytes, arithmetic vs logical right shifts of i8, xor reduction on u64, and
-- get_bit over a word.
-- ==
-- entry: counts
-- input { [0u32, 1u32, 0x80000000u32, 0xF0F0u32, 4294967295u32, 12u32] }
-- output { [0i32, 1i32, 1i32, 8i32, 32i32, 2i32] [32i32, 31i32, 0i32, 16i32, 0i32, 28i32] [32i32, 0i32, 31i32, 4i32, 0i32, 2i32] }

-- ==
-- entry: gray
-- input { [0u32, 1u32, 2u32, 3u32, 4u32, 7u32, 8u32, 255u32] }
-- output { [0u32, 1u32, 3u32, 2u32, 6u32, 4u32, 12u32, 128u32] [0u32, 1u32, 2u32, 3u32, 4u32, 7u32, 8u32, 255u32] }

-- ==
-- entry: rev8
-- input { [1u8, 128u8, 11u8, 255u8, 0u8] }
-- output { [128u8, 1u8, 208u8, 255u8, 0u8] }

-- ==
-- entry: shifts8
-- input { [-2i8, 64i8, -128i8, 1i8] }
-- output { [-1i8, 32i8, -64i8, 0i8] [127i8, 32i8, 64i8, 0i8] [-4i8, -128i8, 0i8, 2i8] }

-- ==
-- entry: xor_all
-- input { [1u64, 2u64, 3u64] }
-- output { 0u64 }
-- input { [18446744073709551615u64, 1u64] }
-- output { 18446744073709551614u64 }
-- input { empty([0]u64) }
-- output { 0u64 }

-- ==
-- entry: bits_of
-- input { 178u32 }
-- output { [0i32, 1i32, 0i32, 0i32, 1i32, 1i32, 0i32, 1i32] 186u32 }

entry counts (xs: []u32) : ([]i32, []i32, []i32) = (map u32.popc xs, map u32.clz xs, map u32.ctz xs)

entry gray (xs: []u32) : ([]u32, []u32) =
  let gs = map (\x -> x ^ (x >> 1)) xs
  let back = map (\g -> let (b, _) = loop (b, s) = (g, g >> 1) while s != 0 do (b ^ s, s >> 1) in b) gs
  in (gs, back)

entry rev8 (xs: []u8) : []u8 =
  map (\x -> loop r = 0u8 for i < 8 do r | (((x >> u8.i32 i) & 1) << u8.i32 (7 - i))) xs

entry shifts8 (xs: []i8) : ([]i8, []i8, []i8) = (map (>> 1) xs, map (>>> 1) xs, map (<< 1) xs)

entry xor_all (xs: []u64) : u64 = reduce (^) 0 xs

entry bits_of (x: u32) : ([]i32, u32) =
  (map (\i -> u32.get_bit (i32.i64 i) x) (iota 8), u32.set_bit 3 x 1)
